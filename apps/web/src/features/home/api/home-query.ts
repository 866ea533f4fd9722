import type { QueryClient } from '@tanstack/react-query';
import type { Home } from '@portal/contract/home';
import { requestChecked } from '../../../lib/api';
import { getAuthToken } from '../../../lib/tokens';

export const homeKeys = {
  all: ['home'] as const,
  home: () => [...homeKeys.all, 'attention'] as const,
  search: (text: string) => [...homeKeys.all, 'search', text] as const,
};

// The schema loads with the call, not with this module: the router imports it to start the
// request as the route is matched, and the router is part of every first visit (/login's too).
const loadHomeSchema = async () => (await import('@portal/contract/home')).homeSchema;

/** `GET /api/home/`: what needs the caller's attention. */
export const homeQuery = () => ({
  queryKey: homeKeys.home(),
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<Home> =>
    requestChecked('/api/home/', { signal }, loadHomeSchema),
});

/**
 * Asks for Home afresh each time its route is entered — it is refreshed whenever she comes back —
 * and as the route is matched, beside the screen's chunks rather than after them (decision
 * 0055): its answer is what the page's largest paint shows. The screen then finds it in flight
 * or just answered, and does not ask again.
 */
export const prefetchHome = (queryClient: QueryClient) => {
  if (!getAuthToken()) return;
  void queryClient.prefetchQuery({ ...homeQuery(), staleTime: 0 });
};
