import type { QueryResultRow } from 'pg';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client';

const dialect = new PgDialect();

/**
 * Runs a query built at request time as a *named* statement, so that each connection parses and
 * plans it once instead of on every request (drizzle's `db.execute` sends every query unnamed).
 * A query's text depends only on its shape — which filters, which ordering — never on the
 * values, which travel as parameters; each distinct text gets one name, up to `limit` texts a
 * process (past that, texts run unnamed as before: a shape that turns up once in a while costs
 * its parse, never a connection's memory). Behind a transaction pooler the name is dropped again
 * (`withUnnamedStatements`, db/client.ts), and everything still works.
 *
 * Only for queries whose good plan does not hang on the parameters' values: after five runs
 * PostgreSQL may switch a named statement to one generic plan, which cannot see, for instance,
 * how many leads a searched word matches.
 */
export const createStatementNames = (prefix: string, limit = 64) => {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    const known = names.get(text);
    if (known !== undefined || names.size >= limit) return known;
    const name = `${prefix}_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
  return {
    /** The rows of `query`, sent as this shape's named statement. */
    execute: async <Row extends QueryResultRow>(db: Pick<Database, '$client'>, query: SQL) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      const name = nameOf(text);
      const result = await db.$client.query<Row>(
        name === undefined ? { text, values: params } : { name, text, values: params },
      );
      return result.rows;
    },
    /** How many shapes have a name (for tests). */
    get size() {
      return names.size;
    },
  };
};
