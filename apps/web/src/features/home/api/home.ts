import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchResponseSchema } from '@portal/contract/home';
import { request } from '../../../lib/api';
import { homeKeys, homeQuery } from './home-query';

/**
 * What needs the caller's attention. The route's loader asks afresh on every visit
 * (`prefetchHome`); without one (a router given no query client) it is asked for once stale.
 */
export const useHome = () => useQuery(homeQuery());

/** The palette's search: names matching `text`, scoped on the server like the lists. */
export const useSearch = (text: string) =>
  useQuery({
    queryKey: homeKeys.search(text),
    queryFn: ({ signal }) =>
      request('/api/search/', { signal, query: { q: text }, schema: searchResponseSchema }),
    enabled: text.trim() !== '',
    // The previous answer stays while the next one loads, so the list does not flicker.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
