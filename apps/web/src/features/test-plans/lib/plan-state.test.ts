import { describe, expect, it } from 'vitest';
import type { TestFlow, TestStep } from '@portal/contract/test-plans';
import {
  appendFlow,
  appendStep,
  flowMoveTarget,
  locateStep,
  mergeFlows,
  moveFlowInList,
  moveStepInFlows,
  otherStepType,
  removeFlow,
  removeStep,
  replaceFlow,
  replaceStep,
} from './plan-state';

const step = (id: number, flow: number, order: number): TestStep => ({
  id,
  description: `Step ${id}`,
  type: 'VERIFY',
  test_flow: flow,
  order,
});
const flow = (id: number, order: number, stepIds: number[]): TestFlow => ({
  id,
  name: `Flow ${id}`,
  order,
  milestone: 1,
  test_steps: stepIds.map((stepId, index) => step(stepId, id, index)),
});

/** Flow ids with their step ids, and whether every `order` is its index. */
const shape = (flows: readonly TestFlow[]) => ({
  arrangement: flows.map((f) => [f.id, f.test_steps.map((s) => s.id)]),
  ordered:
    flows.every((f, i) => f.order === i) &&
    flows.every((f) => f.test_steps.every((s, i) => s.order === i && s.test_flow === f.id)),
});

const plan = () => [flow(1, 0, [11, 12, 13]), flow(2, 1, [21]), flow(3, 2, [])];

describe('flows', () => {
  it('appends a created flow, replaces an updated one, removes a deleted one', () => {
    const flows = plan();
    expect(shape(appendFlow(flows, flow(4, 3, [])))).toEqual({
      arrangement: [
        [1, [11, 12, 13]],
        [2, [21]],
        [3, []],
        [4, []],
      ],
      ordered: true,
    });
    const renamed = replaceFlow(flows, { ...flows[1]!, name: 'Checkout' });
    expect(renamed.map((f) => f.name)).toEqual(['Flow 1', 'Checkout', 'Flow 3']);
    // Untouched flows keep their identity: memoised cards do not render again.
    expect(renamed[0]).toBe(flows[0]);
    expect(shape(removeFlow(flows, 1))).toEqual({
      arrangement: [
        [2, [21]],
        [3, []],
      ],
      ordered: true,
    });
    expect(flows.map((f) => f.id)).toEqual([1, 2, 3]);
  });

  it('moves a flow and says where the move buttons take it', () => {
    expect(moveFlowInList(plan(), 2, 0).map((f) => [f.id, f.order])).toEqual([
      [3, 0],
      [1, 1],
      [2, 2],
    ]);
    expect(flowMoveTarget(plan(), 2, 'up')).toEqual({ from: 1, to: 0 });
    expect(flowMoveTarget(plan(), 2, 'down')).toEqual({ from: 1, to: 2 });
    expect(flowMoveTarget(plan(), 1, 'up')).toBeNull();
    expect(flowMoveTarget(plan(), 3, 'down')).toBeNull();
    expect(flowMoveTarget(plan(), 99, 'up')).toBeNull();
  });
});

describe('steps', () => {
  it('appends, replaces and removes a step in its flow', () => {
    const flows = plan();
    expect(shape(appendStep(flows, step(31, 3, 0))).arrangement[2]).toEqual([3, [31]]);
    const edited = replaceStep(flows, {
      ...step(12, 1, 1),
      description: 'Changed',
      type: 'INTERACT',
    });
    expect(edited[0]?.test_steps[1]).toMatchObject({ description: 'Changed', type: 'INTERACT' });
    expect(edited[1]).toBe(flows[1]);
    expect(shape(removeStep(flows, 11))).toEqual({
      arrangement: [
        [1, [12, 13]],
        [2, [21]],
        [3, []],
      ],
      ordered: true,
    });
  });

  it('replaces a step wherever it is now, even from a copy made before a move', () => {
    const moved = moveStepInFlows(plan(), 12, { flowId: 2, index: 0 });
    // The row still holds the step as it was in flow 1, at position 1.
    const edited = replaceStep(moved, { ...step(12, 1, 1), description: 'Changed' });
    expect(edited[1]?.test_steps[0]).toEqual({
      id: 12,
      description: 'Changed',
      type: 'VERIFY',
      test_flow: 2,
      order: 0,
    });
    expect(shape(edited).arrangement).toEqual(shape(moved).arrangement);
  });

  it('toggles the type between INTERACT and VERIFY', () => {
    expect(otherStepType('INTERACT')).toBe('VERIFY');
    expect(otherStepType('VERIFY')).toBe('INTERACT');
  });

  it('moves a step within its flow', () => {
    const moved = moveStepInFlows(plan(), 11, { flowId: 1, index: 2 });
    expect(shape(moved)).toEqual({
      arrangement: [
        [1, [12, 13, 11]],
        [2, [21]],
        [3, []],
      ],
      ordered: true,
    });
    expect(locateStep(moved, 11)).toEqual({ flowId: 1, index: 2 });
  });

  it('moves a step into another flow, an empty one too, clamping the index', () => {
    expect(shape(moveStepInFlows(plan(), 12, { flowId: 2, index: 0 }))).toEqual({
      arrangement: [
        [1, [11, 13]],
        [2, [12, 21]],
        [3, []],
      ],
      ordered: true,
    });
    expect(shape(moveStepInFlows(plan(), 21, { flowId: 3, index: 9 }))).toEqual({
      arrangement: [
        [1, [11, 12, 13]],
        [2, []],
        [3, [21]],
      ],
      ordered: true,
    });
  });

  it('leaves the plan as it is for an unknown step or flow', () => {
    expect(shape(moveStepInFlows(plan(), 99, { flowId: 1, index: 0 })).arrangement).toEqual(
      shape(plan()).arrangement,
    );
    expect(shape(moveStepInFlows(plan(), 11, { flowId: 99, index: 0 })).arrangement).toEqual(
      shape(plan()).arrangement,
    );
    expect(locateStep(plan(), 99)).toBeNull();
  });

  it("merges a step move's answer: the flows it names replace theirs", () => {
    const flows = plan();
    const merged = mergeFlows(flows, [flow(1, 0, [12, 13]), flow(2, 1, [11, 21])]);
    expect(shape(merged).arrangement).toEqual([
      [1, [12, 13]],
      [2, [11, 21]],
      [3, []],
    ]);
    expect(merged[2]).toBe(flows[2]);
  });
});
