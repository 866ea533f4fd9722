import type { Milestone } from '@portal/contract/milestones';
import type { TestFlow, TestStep } from '@portal/contract/test-plans';
import { testFlows, testSteps } from '../../db/schema/index';
import type { TestContext } from '../../test/test-app';
import { idsInOrder } from '../../test/ids-in-order';
import { created, createProjectWorld, type Role } from '../clients/test-fixtures';

/**
 * The permission-matrix world of clients (Acme with `member`, Globex with `outsider`, staff)
 * with a project and a milestone each (made by staff through the API), and on each milestone
 * one flow holding one step.
 */
export const createTestPlanWorld = async (t: TestContext, prefix: string) => {
  const w = await createProjectWorld(t, prefix);
  const staff = w.as('staff');
  const { acme: acmeProject, globex: globexProject } = w.projects;
  const createMilestone = (project: number, name: string) =>
    created<Milestone>(staff.post('/api/milestones/', { project, name }));
  const createFlow = (milestone: number, name: string, role: Role = 'staff') =>
    created<TestFlow>(w.as(role).post('/api/test-flows/', { milestone, name }));
  const createStep = (
    testFlow: number,
    description: string,
    type?: 'INTERACT' | 'VERIFY',
    role: Role = 'staff',
  ) =>
    created<TestStep>(
      w.as(role).post('/api/test-steps/', { test_flow: testFlow, description, type }),
    );

  const milestones = {
    acme: await createMilestone(acmeProject.id, 'Beta'),
    globex: await createMilestone(globexProject.id, 'Secret launch'),
  };
  const flows = {
    acme: await createFlow(milestones.acme.id, 'Sign up'),
    globex: await createFlow(milestones.globex.id, 'Secret flow'),
  };
  const steps = {
    acme: await createStep(flows.acme.id, 'Open [the site](https://acme.example)', 'INTERACT'),
    globex: await createStep(flows.globex.id, 'Secret step'),
  };
  flows.acme = { ...flows.acme, test_steps: [steps.acme] };
  flows.globex = { ...flows.globex, test_steps: [steps.globex] };

  /** A fresh Acme milestone with flows of the given sizes; steps are named `${flow}.${i}`. */
  const planWith = async (...sizes: number[]) => {
    const milestone = await createMilestone(acmeProject.id, `plan ${sizes.join('-')}`);
    const planFlows: { id: number; steps: number[] }[] = [];
    for (const [f, size] of sizes.entries()) {
      const flow = await createFlow(milestone.id, `F${f}`);
      const ids: number[] = [];
      for (let i = 0; i < size; i++) ids.push((await createStep(flow.id, `${f}.${i}`)).id);
      planFlows.push({ id: flow.id, steps: ids });
    }
    return { milestone, flows: planFlows };
  };

  /** A milestone's flow ids in order, after checking positions are exactly 0..n-1. */
  const flowOrderOf = (milestoneId: number) =>
    idsInOrder(
      t.db,
      { id: testFlows.id, parent: testFlows.milestoneId, position: testFlows.order },
      milestoneId,
    );

  /** A flow's step ids in order, after checking positions are exactly 0..n-1. */
  const stepOrderOf = (flowId: number) =>
    idsInOrder(
      t.db,
      { id: testSteps.id, parent: testSteps.testFlowId, position: testSteps.order },
      flowId,
    );

  return {
    ...w,
    projects: { acme: acmeProject, globex: globexProject },
    milestones,
    flows,
    steps,
    createMilestone,
    createFlow,
    createStep,
    planWith,
    flowOrderOf,
    stepOrderOf,
  };
};
export type TestPlanWorld = Awaited<ReturnType<typeof createTestPlanWorld>>;
