import { asc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { SortTerm } from '@portal/contract/sorting';

/**
 * The ORDER BY of a list's `?ordering=` (parsed by the contract's `orderingField`): each term on
 * its column or expression, then the list's own default order — the spec's, ending in the id —
 * so rows that tie stay in a familiar order and pages never overlap.
 */
export const orderByTerms = <F extends string>(
  terms: readonly SortTerm<F>[] | undefined,
  columns: Record<F, SQL | PgColumn>,
  fallback: SQL[],
): SQL[] => [
  ...(terms ?? []).map(({ field, descending }) =>
    // Empty values (a project without a target date) stay last either way.
    descending ? sql`${columns[field]} DESC NULLS LAST` : asc(columns[field]),
  ),
  ...fallback,
];
