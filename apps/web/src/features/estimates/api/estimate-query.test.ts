import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { TOKEN_KEY } from '../../../lib/tokens';
import { estimateDetail } from '../test-fixtures';
import { prefetchEstimate } from './estimate-query';
import { versionKeys } from '../../estimate-versions/api/versions-query';
import { estimateKeys } from './keys';

let fetched: string[];
/** Answers `body` to the estimate's request and `versions` to the versions' (one page). */
const answer = (body: unknown, versions: unknown[] = []) => {
  fetched = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetched.push(url);
      const list = url.startsWith('/api/estimate-versions/');
      return new Response(
        JSON.stringify(
          list ? { count: versions.length, next: null, previous: null, results: versions } : body,
        ),
        { headers: { 'Content-Type': 'application/json' } },
      );
    }),
  );
};
const versionsUrl = (id: number) => `/api/estimate-versions/?estimate=${id}&page=1&page_size=100`;

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

beforeEach(() => localStorage.setItem(TOKEN_KEY, 't'));
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('prefetchEstimate (the estimate route starts its query, decision 0037)', () => {
  it("starts the screen's own query, checked by the contract's schema", async () => {
    const estimate = estimateDetail();
    answer(estimate);
    // The app's client: its stale time decides whether a second visit asks again.
    const queryClient = createQueryClient();
    prefetchEstimate(queryClient, String(estimate.id));
    expect(fetched).toEqual([`/api/estimates/${estimate.id}/`, versionsUrl(estimate.id)]);
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(estimateKeys.detail(estimate.id))).toEqual(estimate),
    );
    // The versions, which the screen waits for too, came in the same breath (decision 0055).
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(versionKeys.list(estimate.id))).toEqual([]),
    );
    // Fresh data is not asked for again (a drawer, a second visit within the stale time).
    prefetchEstimate(queryClient, String(estimate.id));
    expect(fetched).toHaveLength(2);
  });

  it('fails the query on an answer the schema refuses', async () => {
    answer({ id: 7, name: 3 });
    const queryClient = client();
    prefetchEstimate(queryClient, '7');
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(estimateKeys.detail(7))?.status).toBe('error'),
    );
  });

  it('asks nothing without a token or for what is not an id', () => {
    answer({});
    const queryClient = client();
    for (const id of [undefined, '', '0', '007', '1e3', ' 12', '2147483648', 'new']) {
      prefetchEstimate(queryClient, id);
    }
    expect(fetched).toEqual([]);
    prefetchEstimate(queryClient, '2147483647');
    expect(fetched).toEqual(['/api/estimates/2147483647/', versionsUrl(2147483647)]);
    localStorage.clear();
    prefetchEstimate(queryClient, '8');
    expect(fetched).toHaveLength(2);
  });
});
