import type { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Milestone } from '@portal/contract/milestones';
import { toast } from '../../../components/ui/toast';
import { json, testClient, withClient } from '../../../test/api-fakes';
import { projectKeys } from './keys';
import { useMoveMilestone } from './milestones';

const milestone = (id: number, name: string, order: number): Milestone => ({
  id,
  name,
  project: 7,
  order,
});
const initial = [milestone(1, 'Alpha', 0), milestone(2, 'Beta', 1), milestone(3, 'Gamma', 2)];

let queryClient: QueryClient;
const wrapper = withClient(() => queryClient);
const names = () =>
  queryClient.getQueryData<Milestone[]>(projectKeys.milestones(7))?.map((m) => m.name);

beforeEach(() => {
  queryClient = testClient();
  queryClient.setQueryData(projectKeys.milestones(7), initial);
});
afterEach(() => vi.unstubAllGlobals());

describe('useMoveMilestone', () => {
  it('shows the new order at once, posts `to`, then keeps what the server answers', async () => {
    let answer!: (response: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useMoveMilestone(7), { wrapper });

    act(() => result.current.mutate({ id: 3, from: 2, to: 0 }));
    await waitFor(() => expect(names()).toEqual(['Gamma', 'Alpha', 'Beta']));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/milestones/3/move/');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ to: 0 });

    // The server had a concurrent move too: its order is the truth.
    answer(
      json(200, [milestone(3, 'Gamma', 0), milestone(2, 'Beta', 1), milestone(1, 'Alpha', 2)]),
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(names()).toEqual(['Gamma', 'Beta', 'Alpha']);
  });

  it('puts the old order back and says why when the move fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(403, { detail: 'You do not have permission to perform this action.' }),
      ),
    );
    const error = vi.spyOn(toast, 'error');
    const { result } = renderHook(() => useMoveMilestone(7), { wrapper });

    act(() => result.current.mutate({ id: 1, from: 0, to: 2 }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(names()).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(error).toHaveBeenCalledWith('You do not have permission to perform this action.');
  });
});
