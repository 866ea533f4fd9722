import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { homeSchema, searchResponseSchema } from '@portal/contract/home';
import { request } from '../../../lib/api';

export const homeKeys = {
  all: ['home'] as const,
  home: () => [...homeKeys.all, 'attention'] as const,
  search: (text: string) => [...homeKeys.all, 'search', text] as const,
};

/** `GET /api/home/`: what needs the caller's attention, refreshed whenever they come back. */
export const useHome = () =>
  useQuery({
    queryKey: homeKeys.home(),
    queryFn: ({ signal }) => request('/api/home/', { signal, schema: homeSchema }),
    refetchOnMount: 'always',
  });

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
