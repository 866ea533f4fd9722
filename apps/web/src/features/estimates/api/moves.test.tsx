import type { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EstimateDetail } from '@portal/contract/estimates';
import { toast } from '../../../components/ui/toast';
import { fetchCall, json, pendingFetch, testClient, withClient } from '../../../test/api-fakes';
import { estimateDetail as estimate, estimateSection as section } from '../test-fixtures';
import { estimateKeys } from './keys';
import { useEstimateMoves } from './moves';

let queryClient: QueryClient;
const wrapper = withClient(() => queryClient);

/** Section ids with their item ids, as the cache holds them now. */
const arrangement = () =>
  queryClient
    .getQueryData<EstimateDetail>(estimateKeys.detail(5))
    ?.sections.map((s) => [s.id, s.items.map((i) => i.id)]);

beforeEach(() => {
  queryClient = testClient();
  queryClient.setQueryData(
    estimateKeys.detail(5),
    estimate(section(10, 0, [1, 2]), section(20, 1, [3])),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useEstimateMoves', () => {
  it('reorders sections at once, posts `to`, then takes the server order as the truth', async () => {
    const { fetch, answer } = pendingFetch();
    const { result } = renderHook(() => useEstimateMoves(5), { wrapper });

    act(() => result.current.moveSection({ sectionId: 20, from: 1, to: 0 }));
    await waitFor(() =>
      expect(arrangement()).toEqual([
        [20, [3]],
        [10, [1, 2]],
      ]),
    );
    expect(fetchCall(fetch, 0)).toEqual({
      url: '/api/estimate-sections/20/move/',
      method: 'POST',
      body: { to: 0 },
    });

    // Someone else added an item meanwhile: the answer carries it.
    answer(0, json(200, [section(20, 0, [3, 4]), section(10, 1, [1, 2])]));
    await waitFor(() =>
      expect(arrangement()).toEqual([
        [20, [3, 4]],
        [10, [1, 2]],
      ]),
    );
  });

  it('moves an item into another section, posting `to` and `section`', async () => {
    const { fetch, answer } = pendingFetch();
    const { result } = renderHook(() => useEstimateMoves(5), { wrapper });

    act(() => result.current.moveItem({ itemId: 1, to: { sectionId: 20, index: 1 } }));
    await waitFor(() =>
      expect(arrangement()).toEqual([
        [10, [2]],
        [20, [3, 1]],
      ]),
    );
    expect(fetchCall(fetch, 0)).toEqual({
      url: '/api/estimate-items/1/move/',
      method: 'POST',
      body: { to: 1, section: 20 },
    });

    // The answer holds the two sections the move touched.
    answer(0, json(200, [section(10, 0, [2]), section(20, 1, [3, 1])]));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(arrangement()).toEqual([
      [10, [2]],
      [20, [3, 1]],
    ]);
    const moved = queryClient.getQueryData<EstimateDetail>(estimateKeys.detail(5))?.sections[1]
      ?.items[1];
    expect(moved?.section).toBe(20);
  });

  it('puts the old order back and says why when the server refuses', async () => {
    const error = vi.spyOn(toast, 'error');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, { section: ['Invalid pk "99" - object does not exist.'] })),
    );
    const { result } = renderHook(() => useEstimateMoves(5), { wrapper });

    act(() => result.current.moveItem({ itemId: 2, to: { sectionId: 10, index: 0 } }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('section: Invalid pk "99" - object does not exist.'),
    );
    expect(arrangement()).toEqual([
      [10, [1, 2]],
      [20, [3]],
    ]);
  });

  it('sends moves one after the other, and keeps later moves on screen until the last answer', async () => {
    const { fetch, answer } = pendingFetch();
    const { result } = renderHook(() => useEstimateMoves(5), { wrapper });

    act(() => {
      result.current.moveItem({ itemId: 1, to: { sectionId: 10, index: 1 } });
      result.current.moveSection({ sectionId: 20, from: 1, to: 0 });
    });
    await waitFor(() =>
      expect(arrangement()).toEqual([
        [20, [3]],
        [10, [2, 1]],
      ]),
    );
    // The second waits for the first, so the server applies them in the order made.
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));

    // The first answer alone would put section 20 back in second place: it is not applied.
    answer(0, json(200, [section(10, 0, [2, 1])]));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(fetchCall(fetch, 1).url).toBe('/api/estimate-sections/20/move/');
    expect(arrangement()).toEqual([
      [20, [3]],
      [10, [2, 1]],
    ]);

    // The last answer is applied, and the estimate is marked for fetching again, to be sure.
    answer(1, json(200, [section(20, 0, [3, 4]), section(10, 1, [2, 1])]));
    await waitFor(() =>
      expect(arrangement()).toEqual([
        [20, [3, 4]],
        [10, [2, 1]],
      ]),
    );
    expect(queryClient.getQueryState(estimateKeys.detail(5))?.isInvalidated).toBe(true);
  });
});
