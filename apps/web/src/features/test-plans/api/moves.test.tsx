import type { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestFlow } from '@portal/contract/test-plans';
import { toast } from '../../../components/ui/toast';
import { fetchCall, json, pendingFetch, testClient, withClient } from '../../../test/api-fakes';
import { testPlanKeys } from './keys';
import { usePlanMoves } from './moves';

const flow = (id: number, order: number, stepIds: number[]): TestFlow => ({
  id,
  name: `Flow ${id}`,
  order,
  milestone: 7,
  test_steps: stepIds.map((stepId, index) => ({
    id: stepId,
    description: `Step ${stepId}`,
    type: 'VERIFY',
    test_flow: id,
    order: index,
  })),
});

let queryClient: QueryClient;
const wrapper = withClient(() => queryClient);

/** Flow ids with their step ids, as the cache holds them now. */
const arrangement = () =>
  queryClient
    .getQueryData<TestFlow[]>(testPlanKeys.flows(7))
    ?.map((f) => [f.id, f.test_steps.map((s) => s.id)]);

beforeEach(() => {
  queryClient = testClient();
  queryClient.setQueryData(testPlanKeys.flows(7), [flow(1, 0, [11, 12]), flow(2, 1, [21])]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('usePlanMoves', () => {
  it('moves a flow at once, sends the button direction, then takes the list answered', async () => {
    const { fetch, answer } = pendingFetch();
    const { result } = renderHook(() => usePlanMoves(7), { wrapper });

    act(() => result.current.moveFlow({ flowId: 1, from: 0, to: 1, direction: 'down' }));
    await waitFor(() =>
      expect(arrangement()).toEqual([
        [2, [21]],
        [1, [11, 12]],
      ]),
    );
    expect(fetchCall(fetch, 0)).toEqual({
      url: '/api/test-flows/1/move/',
      method: 'POST',
      body: { direction: 'down' },
    });
    // Someone else added a flow meanwhile: the answer is the list, and it replaces ours.
    answer(0, json(200, [flow(2, 0, [21]), flow(1, 1, [11, 12]), flow(3, 2, [])]));
    await waitFor(() =>
      expect(arrangement()).toEqual([
        [2, [21]],
        [1, [11, 12]],
        [3, []],
      ]),
    );
    // A flow move does not reload the plan: its answer is the whole list.
    expect(queryClient.getQueryState(testPlanKeys.flows(7))?.isInvalidated).toBe(false);
  });

  it('sends a drag as `to`', async () => {
    const { fetch } = pendingFetch();
    const { result } = renderHook(() => usePlanMoves(7), { wrapper });
    act(() => result.current.moveFlow({ flowId: 2, from: 1, to: 0 }));
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    expect(fetchCall(fetch, 0).body).toEqual({ to: 0 });
  });

  it('moves a step into another flow, merges the answer and reloads the plan', async () => {
    const { fetch, answer } = pendingFetch();
    const { result } = renderHook(() => usePlanMoves(7), { wrapper });

    act(() => result.current.moveStep({ stepId: 11, to: { flowId: 2, index: 1 } }));
    await waitFor(() =>
      expect(arrangement()).toEqual([
        [1, [12]],
        [2, [21, 11]],
      ]),
    );
    expect(fetchCall(fetch, 0)).toEqual({
      url: '/api/test-steps/11/move/',
      method: 'POST',
      body: { to: 1, test_flow: 2 },
    });
    answer(0, json(200, [flow(1, 0, [12]), flow(2, 1, [21, 11])]));
    await waitFor(() =>
      expect(queryClient.getQueryState(testPlanKeys.flows(7))?.isInvalidated).toBe(true),
    );
    expect(
      queryClient.getQueryData<TestFlow[]>(testPlanKeys.flows(7))?.[1]?.test_steps[1]?.test_flow,
    ).toBe(2);
  });

  it('puts the old order back and says why when the server refuses', async () => {
    const error = vi.spyOn(toast, 'error');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, { test_flow: ['Invalid pk "99" - object does not exist.'] })),
    );
    const { result } = renderHook(() => usePlanMoves(7), { wrapper });

    act(() => result.current.moveStep({ stepId: 21, to: { flowId: 1, index: 0 } }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('test_flow: Invalid pk "99" - object does not exist.'),
    );
    expect(arrangement()).toEqual([
      [1, [11, 12]],
      [2, [21]],
    ]);
  });
});
