import { and, or, sql, type SQL } from 'drizzle-orm';

/** One term of an ORDER BY whose terms together are unique (the last is the id), with a value. */
export type KeyTerm = { expression: SQL; descending: boolean; value: SQL };

/**
 * The rows strictly after a position in the order `terms` define — the "seek" of keyset
 * pagination (decision 0054). When every term runs the same way this is one row comparison,
 * which a btree index on the same terms answers by descending to the position; with mixed
 * directions it is spelled out term by term, under a bound on the first term so that an index
 * on it still narrows the scan.
 */
export const afterPosition = (terms: readonly KeyTerm[]): SQL => {
  const [first] = terms;
  if (!first) return sql`true`;
  const beyond = (term: KeyTerm) => (term.descending ? sql`<` : sql`>`);
  if (terms.every((term) => term.descending === first.descending)) {
    const row = (part: (term: KeyTerm) => SQL) => sql.join(terms.map(part), sql`, `);
    return sql`(${row((t) => t.expression)}) ${beyond(first)} (${row((t) => t.value)})`;
  }
  const equalUpTo = (end: number) =>
    terms.slice(0, end).map((term) => sql`${term.expression} = ${term.value}`);
  const spelled = or(
    ...terms.map((term, i) =>
      and(...equalUpTo(i), sql`${term.expression} ${beyond(term)} ${term.value}`),
    ),
  );
  const bound = sql`${first.expression} ${beyond(first)}= ${first.value}`;
  return and(bound, spelled) ?? sql`true`;
};
