import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** `%`, `_` and `\` typed by a person are literal characters, not LIKE wildcards. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

// More words than this add no precision, only work.
const MAX_SEARCH_TERMS = 5;

/** The words of a search that count, lowercased (JavaScript's folding, for keys and tests). */
export const searchWords = (search: string) =>
  search.trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_TERMS);

/**
 * Every word of `search` must appear somewhere in `document` (a lowercased SQL expression): one
 * `ILIKE` per word on the very expression a trigram index covers, so the planner can use it.
 * Undefined when the search has no words.
 */
export const everyWordIn = (document: SQL, search: string): SQL | undefined => {
  const terms = searchWords(search);
  if (terms.length === 0) return undefined;
  return and(...terms.map((term) => sql`${document} ILIKE ${`%${escapeLike(term)}%`}`));
};

/**
 * The same on a column PostgreSQL keeps lowercased and compares byte by byte (`leads.search_text`,
 * `COLLATE "C"`, decision 0024): each word is lowercased by the database's own `lower()`, the
 * folding that wrote the column, so a plain `LIKE` matches what `ILIKE` matched, without
 * re-folding every candidate row.
 */
export const everyWordInLowered = (column: SQLWrapper, search: string): SQL | undefined => {
  const terms = searchWords(search);
  if (terms.length === 0) return undefined;
  return and(...terms.map((term) => sql`${column} LIKE lower(${`%${escapeLike(term)}%`}::text)`));
};
