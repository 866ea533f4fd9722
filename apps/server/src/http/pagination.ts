import type { FastifyRequest } from 'fastify';
import { DEFAULT_PAGE_SIZE, type PageQuery, type Paginated } from '@portal/contract/common';
import { ApiError } from './errors';

export type PageWindow = { page: number; pageSize: number; limit: number; offset: number };

const pageUrl = (request: FastifyRequest, page: number | null) => {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  if (page === null || page === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
};

/**
 * DRF page-number pagination: `count` tells how many rows there are, so `?page=last` and
 * out-of-range pages can be answered before the rows are read.
 */
export const pageWindow = (query: PageQuery, count: number): PageWindow => {
  const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  const page = query.page === 'last' ? lastPage : query.page === undefined ? 1 : query.page;
  if (page === null || page > lastPage) throw new ApiError(404, { detail: 'Invalid page.' });
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
};

export const pageResponse = <T>(
  request: FastifyRequest,
  window: PageWindow,
  count: number,
  results: T[],
): Paginated<T> => ({
  count,
  next: window.page * window.pageSize < count ? pageUrl(request, window.page + 1) : null,
  previous: window.page > 1 ? pageUrl(request, window.page - 1) : null,
  results,
});
