import { z } from 'zod';
import { paginated } from './common';
import {
  choiceField,
  listByParentQuery,
  namedChildRequests,
  pkField,
  requestBody,
  textField,
} from './fields';
import { childMoveRequest, positionField } from './ordering';

/**
 * Milestone test plans (spec §2 "Milestone test plan", §3, DESIGN §3): a milestone holds ordered
 * test flows, each holding ordered test steps. Staff and members of the milestone's project's
 * client read and edit both; `order` is the 0-based index among siblings.
 */
export const TEST_STEP_TYPES = ['INTERACT', 'VERIFY'] as const;
export type TestStepType = (typeof TEST_STEP_TYPES)[number];

export const TEST_PLAN_LIMITS = {
  flowName: 255,
  stepDescription: 10_000,
} as const;
const L = TEST_PLAN_LIMITS;

export const testStepSchema = z.object({
  id: z.number().int(),
  /** Markdown (GFM); the web app renders it without raw HTML. */
  description: z.string(),
  type: z.enum(TEST_STEP_TYPES),
  test_flow: z.number().int(),
  /** 0-based position within its flow. */
  order: z.number().int(),
});
export type TestStep = z.infer<typeof testStepSchema>;
export const testStepListSchema = paginated(testStepSchema);

export const testFlowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 0-based position among the milestone's flows. */
  order: z.number().int(),
  milestone: z.number().int(),
  /** The flow's steps in order. */
  test_steps: z.array(testStepSchema),
});
export type TestFlow = z.infer<typeof testFlowSchema>;
export const testFlowListSchema = paginated(testFlowSchema);
/** The answer of a flow `move` (the milestone's flows) and of a step `move` (see there). */
export const testFlowArraySchema = z.array(testFlowSchema);

// Flows.

/** `GET /api/test-flows/?milestone={id}`: in milestone and flow order, each with its steps. */
export const testFlowListQuerySchema = listByParentQuery('milestone');
export type TestFlowListQuery = z.infer<typeof testFlowListQuerySchema>;

const flowRequests = namedChildRequests('milestone', L.flowName);

/** `POST /api/test-flows/`: appended after the milestone's last flow. */
export const testFlowCreateRequestSchema = flowRequests.create;
export type TestFlowCreateRequest = z.infer<typeof testFlowCreateRequestSchema>;

/** `PUT`/`PATCH /api/test-flows/{id}/`: only the name; order changes through `move`. */
export const testFlowUpdateRequestSchema = flowRequests.update;
export type TestFlowUpdateRequest = z.infer<typeof testFlowUpdateRequestSchema>;

// `POST /api/test-flows/{id}/move/` takes `moveRequestSchema` from './ordering' and answers
// `testFlowArraySchema`: the milestone's flows (with their steps) in their new order.

// Steps.

/** `GET /api/test-steps/?test_flow={id}`: in milestone, flow and step order. */
export const testStepListQuerySchema = listByParentQuery('test_flow');
export type TestStepListQuery = z.infer<typeof testStepListQuerySchema>;

/** `POST /api/test-steps/`: appended at the end of its flow; `type` defaults to VERIFY. */
export const testStepCreateRequestSchema = requestBody({
  test_flow: pkField(),
  description: textField(L.stepDescription),
  type: choiceField(TEST_STEP_TYPES).default('VERIFY'),
  insert_at: positionField(),
});
export type TestStepCreateRequest = z.infer<typeof testStepCreateRequestSchema>;

/** `PUT`/`PATCH /api/test-steps/{id}/`: the flow changes only through `move`. */
export const testStepUpdateRequestSchema = requestBody({
  description: textField(L.stepDescription),
  type: choiceField(TEST_STEP_TYPES),
});
export type TestStepUpdateRequest = z.infer<typeof testStepUpdateRequestSchema>;

/**
 * `POST /api/test-steps/{id}/move/`: `to` (0-based, clamped) and/or `direction` (`to` wins);
 * `test_flow` moves the step into another flow of the same milestone (at `to`, or at the end
 * without it). Answers `testFlowArraySchema` holding the affected flows, each with its steps in
 * their new order: the step's flow only, or the source flow then the target flow.
 */
export const testStepMoveRequestSchema = childMoveRequest('test_flow');
export type TestStepMoveRequest = z.infer<typeof testStepMoveRequestSchema>;
