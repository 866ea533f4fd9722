import { moveItem } from '@portal/contract/ordering';
import type { TestFlow, TestStep, TestStepType } from '@portal/contract/test-plans';
import { locateChild, moveChild, placeAtOrder, renumber } from '../../../lib/nested-list';

/**
 * The test plan's local state rules (spec §7 "Milestones and test plan"), as pure functions over
 * the cached list of flows: a created flow is appended, an updated one replaces the one with its
 * id, a deleted one is removed, and a flow `move` answers the whole new list. Step moves rearrange
 * optimistically; the server's answer then replaces the flows it covers. Every function answers a
 * new array and leaves its input untouched.
 */

export type Flows = readonly TestFlow[];

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

/** A created step takes its `order`: the end for a new one, its old place for an Undo. */
export const appendStep = (flows: Flows, step: TestStep): TestFlow[] =>
  flows.map((flow) =>
    flow.id === step.test_flow
      ? { ...flow, test_steps: placeAtOrder(flow.test_steps, step) }
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

const STEP_KEYS = { children: 'test_steps', parent: 'test_flow' } as const;

/** Where a step is: its flow and its index there, or null. */
export const locateStep = (flows: Flows, stepId: number): StepLocation | null => {
  const at = locateChild(flows, 'test_steps', stepId);
  return at && { flowId: at.parentId, index: at.index };
};

/**
 * The flows with a step moved to `to.index` of flow `to.flowId` (clamped to that flow's steps,
 * counted without the moved step), in the same flow or another.
 */
export const moveStepInFlows = (flows: Flows, stepId: number, to: StepLocation): TestFlow[] =>
  moveChild(flows, STEP_KEYS, stepId, { parentId: to.flowId, index: to.index });

/**
 * A step `move` answers only the flows it touched (its own, or the source then the target): those
 * replace their namesakes, the rest stay as they are.
 */
export const mergeFlows = (flows: Flows, answer: Flows): TestFlow[] => {
  const byId = new Map(answer.map((flow) => [flow.id, flow]));
  return flows.map((flow) => byId.get(flow.id) ?? flow);
};
