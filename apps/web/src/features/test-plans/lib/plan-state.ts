import { moveItem } from '@portal/contract/ordering';
import type { TestFlow, TestStep, TestStepType } from '@portal/contract/test-plans';

/**
 * The test plan's local state rules (spec §7 "Milestones and test plan"), as pure functions over
 * the cached list of flows: a created flow is appended, an updated one replaces the one with its
 * id, a deleted one is removed, and a flow `move` answers the whole new list. Step moves rearrange
 * optimistically; the server's answer then replaces the flows it covers. Every function answers a
 * new array and leaves its input untouched.
 */

export type Flows = readonly TestFlow[];

/** Positions follow the array: `order` is always the 0-based index (DESIGN §3 ordering). */
const renumber = <T extends { order: number }>(list: readonly T[]): T[] =>
  list.map((entry, index) => (entry.order === index ? entry : { ...entry, order: index }));

export const appendFlow = (flows: Flows, flow: TestFlow): TestFlow[] =>
  renumber([...flows.filter((other) => other.id !== flow.id), flow]);

/** Takes the server's flow as it is, its steps included (an update answers them too). */
export const replaceFlow = (flows: Flows, flow: TestFlow): TestFlow[] =>
  flows.map((other) => (other.id === flow.id ? flow : other));

export const removeFlow = (flows: Flows, flowId: number): TestFlow[] =>
  renumber(flows.filter((other) => other.id !== flowId));

export const moveFlowInList = (flows: Flows, from: number, to: number): TestFlow[] =>
  renumber(moveItem(flows, from, to));

/** Where a move button takes a flow: one place up or down, or nowhere at either end. */
export const flowMoveTarget = (
  flows: Flows,
  flowId: number,
  direction: 'up' | 'down',
): { from: number; to: number } | null => {
  const from = flows.findIndex((flow) => flow.id === flowId);
  if (from < 0) return null;
  const to = direction === 'up' ? from - 1 : from + 1;
  return to < 0 || to >= flows.length ? null : { from, to };
};

/** Wherever the step is now (a row may hold a copy from before a move, with its old flow). */
export const replaceStep = (flows: Flows, step: TestStep): TestFlow[] =>
  flows.map((flow) =>
    flow.test_steps.some((s) => s.id === step.id)
      ? {
          ...flow,
          test_steps: flow.test_steps.map((s) =>
            s.id === step.id ? { ...step, test_flow: flow.id, order: s.order } : s,
          ),
        }
      : flow,
  );

export const appendStep = (flows: Flows, step: TestStep): TestFlow[] =>
  flows.map((flow) =>
    flow.id === step.test_flow
      ? {
          ...flow,
          test_steps: renumber([...flow.test_steps.filter((s) => s.id !== step.id), step]),
        }
      : flow,
  );

export const removeStep = (flows: Flows, stepId: number): TestFlow[] =>
  flows.map((flow) =>
    flow.test_steps.some((step) => step.id === stepId)
      ? { ...flow, test_steps: renumber(flow.test_steps.filter((step) => step.id !== stepId)) }
      : flow,
  );

/** Clicking the type badge switches between the two types (spec §4). */
export const otherStepType = (type: TestStepType): TestStepType =>
  type === 'INTERACT' ? 'VERIFY' : 'INTERACT';

export type StepLocation = { flowId: number; index: number };

/** Where a step is: its flow and its index there, or null. */
export const locateStep = (flows: Flows, stepId: number): StepLocation | null => {
  for (const flow of flows) {
    const index = flow.test_steps.findIndex((step) => step.id === stepId);
    if (index >= 0) return { flowId: flow.id, index };
  }
  return null;
};

/**
 * The flows with a step moved to `to.index` of flow `to.flowId` (clamped to that flow's steps,
 * counted without the moved step), in the same flow or another.
 */
export const moveStepInFlows = (flows: Flows, stepId: number, to: StepLocation): TestFlow[] => {
  const from = locateStep(flows, stepId);
  const target = flows.find((flow) => flow.id === to.flowId);
  if (!from || !target) return [...flows];
  if (from.flowId === to.flowId) {
    return flows.map((flow) =>
      flow.id === to.flowId
        ? { ...flow, test_steps: renumber(moveItem(flow.test_steps, from.index, to.index)) }
        : flow,
    );
  }
  const source = flows.find((flow) => flow.id === from.flowId);
  const moving = source?.test_steps[from.index];
  if (!moving) return [...flows];
  const moved = { ...moving, test_flow: to.flowId };
  return flows.map((flow) => {
    if (flow.id === from.flowId)
      return { ...flow, test_steps: renumber(flow.test_steps.filter((s) => s.id !== stepId)) };
    if (flow.id === to.flowId) {
      const steps = [...flow.test_steps];
      steps.splice(Math.min(Math.max(to.index, 0), steps.length), 0, moved);
      return { ...flow, test_steps: renumber(steps) };
    }
    return flow;
  });
};

/**
 * A step `move` answers only the flows it touched (its own, or the source then the target): those
 * replace their namesakes, the rest stay as they are.
 */
export const mergeFlows = (flows: Flows, answer: Flows): TestFlow[] => {
  const byId = new Map(answer.map((flow) => [flow.id, flow]));
  return flows.map((flow) => byId.get(flow.id) ?? flow);
};
