import type { z } from 'zod';
import { MAX_PAGE_SIZE } from '@portal/contract/common';
import { request, type Query } from './api';

type PageSchema<T> = z.ZodType<{ next: string | null; results: T[] }>;

/** Every page of a list, following `next` to the end (spec §7 fetch-all), parsed on the way. */
export const fetchAll = async <T>(
  path: string,
  schema: PageSchema<T>,
  query: Query,
  signal?: AbortSignal,
): Promise<T[]> => {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await request(path, {
      query: { ...query, page, page_size: MAX_PAGE_SIZE },
      signal,
      schema,
    });
    rows.push(...answer.results);
    if (!answer.next || answer.results.length === 0) return rows;
  }
};
