import { expect, type APIRequestContext } from '@playwright/test';
import { milestoneSchema, type Milestone } from '@portal/contract/milestones';
import {
  testFlowListSchema,
  testFlowSchema,
  testStepSchema,
  type TestFlow,
  type TestStepType,
} from '@portal/contract/test-plans';

const auth = (token: string) => ({ Authorization: `Token ${token}` });

/** A milestone of a project (staff only), for tests of its test plan. */
export const createMilestoneViaApi = async (
  request: APIRequestContext,
  token: string,
  body: { project: number; name: string },
): Promise<Milestone> => {
  const response = await request.post('/api/milestones/', { headers: auth(token), data: body });
  expect(response.status(), await response.text()).toBe(201);
  return milestoneSchema.parse(await response.json());
};

export type SeedFlow = {
  name: string;
  steps: (string | { description: string; type: TestStepType })[];
};

/** Flows with their steps, in order, made through the API for tests not about making them. */
export const createFlowsViaApi = async (
  request: APIRequestContext,
  token: string,
  milestone: number,
  flows: SeedFlow[],
): Promise<TestFlow[]> => {
  for (const flow of flows) {
    const made = await request.post('/api/test-flows/', {
      headers: auth(token),
      data: { milestone, name: flow.name },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { id } = testFlowSchema.parse(await made.json());
    for (const step of flow.steps) {
      const response = await request.post('/api/test-steps/', {
        headers: auth(token),
        data: { test_flow: id, ...(typeof step === 'string' ? { description: step } : step) },
      });
      expect(response.status(), await response.text()).toBe(201);
      testStepSchema.parse(await response.json());
    }
  }
  return planOf(request, token, milestone);
};

/** The milestone's flows with their steps, as the server holds them now. */
export const planOf = async (
  request: APIRequestContext,
  token: string,
  milestone: number,
): Promise<TestFlow[]> => {
  const response = await request.get(`/api/test-flows/?milestone=${milestone}&page_size=100`, {
    headers: auth(token),
  });
  expect(response.status(), await response.text()).toBe(200);
  return testFlowListSchema.parse(await response.json()).results;
};

/** Each flow's name with its steps' `TYPE description`, the shape tests compare. */
export const planShape = async (request: APIRequestContext, token: string, milestone: number) =>
  (await planOf(request, token, milestone)).map((flow) => [
    flow.name,
    flow.test_steps.map((step) => `${step.type} ${step.description}`),
  ]);

/**
 * Staff start a run of the milestone's plan through the API; with `complete`, they pass every
 * step and complete it, so it waits for the client's sign-off.
 */
export const runViaApi = async (
  request: APIRequestContext,
  token: string,
  milestone: number,
  { complete }: { complete: boolean },
): Promise<number> => {
  const started = await request.post('/api/test-runs/', {
    headers: auth(token),
    data: { milestone },
  });
  expect(started.status(), await started.text()).toBe(201);
  const run = (await started.json()) as { id: number; results: { id: number }[] };
  if (!complete) return run.id;
  for (const result of run.results) {
    const recorded = await request.patch(`/api/test-run-results/${result.id}/`, {
      headers: auth(token),
      data: { result: 'passed', note: '' },
    });
    expect(recorded.status(), await recorded.text()).toBe(200);
  }
  const completed = await request.post(`/api/test-runs/${run.id}/complete/`, {
    headers: auth(token),
  });
  expect(completed.status(), await completed.text()).toBe(200);
  return run.id;
};
