import type { InfiniteData } from '@tanstack/react-query';
import type { Paginated } from '@portal/contract/common';
import type { Lead } from '@portal/contract/leads';

export type ColumnPages = InfiniteData<Paginated<Lead>>;

const withCount = (column: ColumnPages, change: number): ColumnPages => ({
  ...column,
  pages: column.pages.map((page) => ({ ...page, count: Math.max(0, page.count + change) })),
});

/** The column without the lead, its count one less; unchanged when the lead is not in it. */
export const removeCard = (column: ColumnPages | undefined, id: number) => {
  if (!column?.pages.some((page) => page.results.some((lead) => lead.id === id))) return column;
  return withCount(
    {
      ...column,
      pages: column.pages.map((page) => ({
        ...page,
        results: page.results.filter((lead) => lead.id !== id),
      })),
    },
    -1,
  );
};

const newerFirst = (a: Lead, b: Lead) => b.created_at.localeCompare(a.created_at) || b.id - a.id;

/**
 * The column with the lead in its place (newest first, as the server orders it) and its count
 * one more. A lead older than every loaded card of a column with more pages is only counted: it
 * belongs to a page not loaded yet.
 */
export const insertCard = (column: ColumnPages | undefined, lead: Lead) => {
  if (!column) return column;
  const pages = column.pages.map((page) => ({ ...page, results: [...page.results] }));
  const target = pages.find((page) => {
    const last = page.results.at(-1);
    return last === undefined || newerFirst(lead, last) <= 0;
  });
  const lastPage = pages.at(-1);
  const place = target ?? (lastPage && lastPage.next === null ? lastPage : undefined);
  if (place) {
    place.results.push(lead);
    place.results.sort(newerFirst);
  }
  return withCount({ ...column, pages }, 1);
};

/** The cards of a column, every loaded page in order. */
export const cardsOf = (column: ColumnPages | undefined): Lead[] =>
  column?.pages.flatMap((page) => page.results) ?? [];

/** The server's count for the column (every page carries it). */
export const countOf = (column: ColumnPages | undefined): number | undefined =>
  column?.pages[0]?.count;
