import type { LeadStatus } from '@portal/contract/leads';
import type { LeadQueryState } from '../lib/query-state';

/** Every lead query key comes from here, so invalidation and cache updates agree. */
export const leadKeys = {
  all: ['leads'] as const,
  lists: () => [...leadKeys.all, 'list'] as const,
  list: (query: LeadQueryState) => [...leadKeys.lists(), query] as const,
  /** The board's columns: pages of one status each (infinite queries, not list pages). */
  columns: () => [...leadKeys.all, 'board'] as const,
  column: (status: LeadStatus, search: string) => [...leadKeys.columns(), status, search] as const,
  /** One lead, for a drawer opened from its URL. */
  detail: (leadId: number | null) => [...leadKeys.all, 'detail', leadId] as const,
  comments: (leadId: number) => [...leadKeys.all, 'comments', leadId] as const,
  duplicates: (leadId: number) => [...leadKeys.all, 'duplicates', leadId] as const,
};
