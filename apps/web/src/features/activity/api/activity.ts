import { useInfiniteQuery } from '@tanstack/react-query';
import type { Activity, ActivityFilters } from '@portal/contract/activity';
import { createResource } from '../../../lib/api';

export const activityResource = createResource<Activity>('activity');

/** Every activity query starts with this key; any successful change refreshes them all. */
export const ACTIVITY_KEY = ['activity'] as const;

export const ACTIVITY_PAGE_SIZE = 20;

/** One filtered history, newest first, a page at a time ("Show older"). */
export const useActivity = (filters: ActivityFilters, pageSize = ACTIVITY_PAGE_SIZE) =>
  useInfiniteQuery({
    queryKey: [...ACTIVITY_KEY, filters, pageSize],
    queryFn: ({ pageParam, signal }) =>
      activityResource.list({ ...filters, page: pageParam, page_size: pageSize }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, page) => (last.next ? page + 1 : undefined),
  });
