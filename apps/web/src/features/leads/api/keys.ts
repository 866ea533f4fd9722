import type { LeadQueryState } from '../lib/query-state';

/** Every lead query key comes from here, so invalidation and cache updates agree. */
export const leadKeys = {
  all: ['leads'] as const,
  lists: () => [...leadKeys.all, 'list'] as const,
  list: (query: LeadQueryState) => [...leadKeys.lists(), query] as const,
  comments: (leadId: number) => [...leadKeys.all, 'comments', leadId] as const,
};
