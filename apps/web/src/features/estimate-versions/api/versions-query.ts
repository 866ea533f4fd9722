import type { QueryClient } from '@tanstack/react-query';
import type { EstimateVersion } from '@portal/contract/estimate-versions';
import { requestChecked } from '../../../lib/api';
import { getAuthToken } from '../../../lib/tokens';

export const VERSIONS_PATH = '/api/estimate-versions/';

export const versionKeys = {
  all: ['estimate-versions'] as const,
  list: (estimateId: number) => [...versionKeys.all, 'list', estimateId] as const,
  detail: (id: number) => [...versionKeys.all, 'detail', id] as const,
  latest: () => [...versionKeys.all, 'latest'] as const,
};

/** The contract's `MAX_PAGE_SIZE`, written out: its module imports zod, which /login must not. */
const PAGE_SIZE = 100;

// As the estimate's query (estimate-query.ts): the schema loads with the call, not with this
// module, which the router imports to start the request as the route is matched.
const loadPageSchema = async () =>
  (await import('@portal/contract/estimate-versions')).estimateVersionListSchema;

/** Every version of one estimate, newest first: every page, each checked by the contract. */
export const versionsQuery = (estimateId: number) => ({
  queryKey: versionKeys.list(estimateId),
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<EstimateVersion[]> => {
    const rows: EstimateVersion[] = [];
    for (let page = 1; ; page++) {
      const answer = await requestChecked(
        VERSIONS_PATH,
        { query: { estimate: estimateId, page, page_size: PAGE_SIZE }, signal },
        loadPageSchema,
      );
      rows.push(...answer.results);
      if (!answer.next || answer.results.length === 0) return rows;
    }
  },
});

/**
 * Starts the versions' request beside the estimate's as the route is matched (decision 0055):
 * the screen waits for both, so the Versions card is drawn once, at its size, instead of
 * pushing the estimate down when it arrives; and a client user, whose page shows the version
 * sent to her, no longer asks for it only once the estimate has come.
 */
export const prefetchVersions = (queryClient: QueryClient, estimateId: number) => {
  if (!getAuthToken()) return;
  void queryClient.prefetchQuery(versionsQuery(estimateId));
};
