import type { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestFlow, TestStep } from '@portal/contract/test-plans';
import { fetchCall, json, pendingFetch, testClient, withClient } from '../../../test/api-fakes';
import { testPlanKeys } from './keys';
import { useFlows } from './flows';
import { useCreateStep, useUpdateStep } from './steps';

const step = (id: number, type: TestStep['type'] = 'VERIFY'): TestStep => ({
  id,
  description: `Step ${id}`,
  type,
  test_flow: 1,
  order: id - 11,
});

const flows = (): TestFlow[] => [
  { id: 1, name: 'Flow 1', order: 0, milestone: 7, test_steps: [step(11), step(12)] },
];

let queryClient: QueryClient;
const wrapper = withClient(() => queryClient);

const cachedType = (id: number) =>
  queryClient
    .getQueryData<TestFlow[]>(testPlanKeys.flows(7))?.[0]
    ?.test_steps.find((s) => s.id === id)?.type;

beforeEach(() => {
  queryClient = testClient();
  queryClient.setQueryData(testPlanKeys.flows(7), flows());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useUpdateStep', () => {
  it('sends only the changed field, so a teammate’s edit of the other one stays', async () => {
    const { fetch } = pendingFetch();
    const { result } = renderHook(() => useUpdateStep(7), { wrapper });

    act(() => result.current(step(11), { type: 'INTERACT' }));
    act(() => result.current(step(12), { description: 'New text' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(fetchCall(fetch, 0)).toEqual({
      url: '/api/test-steps/11/',
      method: 'PATCH',
      body: { type: 'INTERACT' },
    });
    expect(fetchCall(fetch, 1)).toEqual({
      url: '/api/test-steps/12/',
      method: 'PATCH',
      body: { description: 'New text' },
    });
    // Shown at once.
    expect(cachedType(11)).toBe('INTERACT');
  });

  it('runs the updates of one step in order, one after the other', async () => {
    const { fetch, answer } = pendingFetch();
    const { result } = renderHook(() => useUpdateStep(7), { wrapper });

    act(() => result.current(step(11), { type: 'INTERACT' }));
    act(() => result.current(step(11, 'INTERACT'), { type: 'VERIFY' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    // The second toggle waits for the first one's answer.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).toHaveBeenCalledOnce();
    expect(cachedType(11)).toBe('VERIFY');

    answer(0, json(200, step(11, 'INTERACT')));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(fetchCall(fetch, 0).body).toEqual({ type: 'INTERACT' });
    expect(fetchCall(fetch, 1).body).toEqual({ type: 'VERIFY' });
  });

  it('lets different steps save side by side', async () => {
    const { fetch } = pendingFetch();
    const { result } = renderHook(() => useUpdateStep(7), { wrapper });

    act(() => result.current(step(11), { type: 'INTERACT' }));
    act(() => result.current(step(12), { type: 'INTERACT' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  });
});

describe('useCreateStep', () => {
  it('creates new steps one after the other, each done once its step is in the list', async () => {
    const { fetch, answer } = pendingFetch();
    const calls = () => fetch.mock.calls.map((_, index) => ({ index, ...fetchCall(fetch, index) }));
    const posts = () => calls().filter((call) => call.method === 'POST');
    // The plan on screen, so that a create's reload really asks the server again.
    const { result } = renderHook(() => ({ create: useCreateStep(7), plan: useFlows(7) }), {
      wrapper,
    });
    const body = (description: string) => ({ test_flow: 1, description, type: 'VERIFY' as const });
    let first: Promise<unknown> = Promise.resolve();
    act(() => {
      first = result.current.create.mutateAsync(body('A'));
      void result.current.create.mutateAsync(body('B')).catch(() => undefined);
    });
    await waitFor(() => expect(posts()).toHaveLength(1));
    // The second waits for the first one's answer: held by its scope, not sent.
    expect(
      queryClient
        .getMutationCache()
        .getAll()
        .map((m) => m.state.isPaused),
    ).toEqual([false, true]);
    expect(posts().map((call) => call.body)).toEqual([body('A')]);

    const created = { ...step(13), description: 'A' };
    const reloadsBefore = calls().filter((call) => call.method === 'GET').length;
    answer(posts()[0]!.index, json(201, created));
    // Done with the step in the list, while the plan's reload has not answered.
    await first;
    expect(
      queryClient.getQueryData<TestFlow[]>(testPlanKeys.flows(7))?.[0]?.test_steps.at(-1),
    ).toEqual(created);
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1]!.body).toEqual(body('B'));
    expect(calls().filter((call) => call.method === 'GET').length).toBeGreaterThan(reloadsBefore);
  });
});
