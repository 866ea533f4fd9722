import { and, count, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import type { PageWindow } from './pagination';

/**
 * The WHERE of a "list by parent" call (`?project=`, `?estimate=`, `?milestone=`…): what the
 * caller's scope may see, narrowed to one parent when the query names one.
 */
export const underParent = (
  scopeCondition: SQL | undefined,
  parentColumn: PgColumn,
  parentId: number | undefined,
): SQL | undefined =>
  and(scopeCondition, parentId === undefined ? undefined : eq(parentColumn, parentId));

/** Counts the rows a list matches and picks the requested page among them. */
export const countedPage = async (
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  page: (total: number) => PageWindow,
) => {
  const [totals] = await db.select({ total: count() }).from(table).where(where);
  const total = totals?.total ?? 0;
  return { total, window: page(total) };
};
