import { and, sql, type SQL } from 'drizzle-orm';

/** `%`, `_` and `\` typed by a person are literal characters, not LIKE wildcards. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

// More words than this add no precision, only work.
const MAX_SEARCH_TERMS = 5;

/**
 * Every word of `search` must appear somewhere in `document` (a lowercased SQL expression): one
 * `ILIKE` per word on the very expression a trigram index covers, so the planner can use it.
 * Undefined when the search has no words.
 */
export const everyWordIn = (document: SQL, search: string): SQL | undefined => {
  const terms = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return undefined;
  return and(
    ...terms
      .slice(0, MAX_SEARCH_TERMS)
      .map((term) => sql`${document} ILIKE ${`%${escapeLike(term)}%`}`),
  );
};
