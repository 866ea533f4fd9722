import type { QueryClient } from '@tanstack/react-query';
import type { EstimateDetail } from '@portal/contract/estimates';
import { requestChecked } from '../../../lib/api';
import { getAuthToken } from '../../../lib/tokens';
import { prefetchVersions } from '../../estimate-versions/api/versions-query';
import { estimateKeys } from './keys';

/** The server's integer keys end here (`MAX_ID` of the contract, which imports zod). */
const MAX_INT = 2_147_483_647;

// The schema loads with the call, not with this module: the router imports it to start the
// request as the route is matched, and the router is part of every first visit (/login's too).
const loadDetailSchema = async () =>
  (await import('@portal/contract/estimates')).estimateDetailSchema;

/** One estimate with its ordered sections and items: the detail screen's query. */
export const estimateQuery = (id: number) => ({
  queryKey: estimateKeys.detail(id),
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<EstimateDetail> =>
    requestChecked(`/api/estimates/${id}/`, { signal }, loadDetailSchema),
});

/**
 * Starts the estimate's request as its route is matched, beside the screen's chunks, instead of
 * once the screen has rendered after them (DESIGN §6, decision 0037). The query is the screen's
 * own, so the screen finds it in flight or cached; fresh data is not asked for again.
 */
export const prefetchEstimate = (queryClient: QueryClient, estimateId: string | undefined) => {
  // `parseId`'s rule without its zod (which /login must not download): anything else the screen
  // rejects itself, without a request.
  if (!estimateId || !/^[1-9]\d{0,9}$/.test(estimateId) || Number(estimateId) > MAX_INT) return;
  if (!getAuthToken()) return;
  void queryClient.prefetchQuery(estimateQuery(Number(estimateId)));
  // The screen waits for its versions too (decision 0055): both requests go at once.
  prefetchVersions(queryClient, Number(estimateId));
};
