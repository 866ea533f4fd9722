import type { QueryResultRow } from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client';

const dialect = new PgDialect();

// Every name this process has given, by statement text. One registry for the whole process: a
// connection knows a name by the text it was prepared with, and node-pg refuses a name sent again
// with another text ("Prepared statements must be unique"), so two creators — two instances of
// one service — must never hand out the same name for different texts.
const named = new Map<string, string>();

/**
 * Runs a query built at request time as a *named* statement, so that each connection parses and
 * plans it once instead of on every request (drizzle's `db.execute` sends every query unnamed).
 * A query's text depends on its shape — which filters, which ordering — and on what it writes
 * as literals (`integerLiteral`), never on the values, which travel as parameters; each distinct
 * text gets one name, for the first `limit` texts this creator sends (whichever come first; past
 * that, texts run unnamed as before: a text that turns up once in a while costs its parse and
 * plan, never a connection's memory). Behind a transaction pooler the name is dropped again
 * (`withUnnamedStatements`, db/client.ts), and everything still works.
 *
 * Only for queries whose good plan does not hang on the parameters' values: after five runs
 * PostgreSQL may switch a named statement to one generic plan, which cannot see, for instance,
 * how many leads a searched word matches.
 */
export const createStatementNames = (prefix: string, limit = 64) => {
  const mine = new Set<string>();
  const nameOf = (text: string) => {
    const known = named.get(text);
    if (known !== undefined) return known;
    if (mine.size >= limit) return undefined;
    const name = `${prefix}_${named.size + 1}`;
    named.set(text, name);
    mine.add(text);
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
    /** How many texts this creator named (for tests). */
    get size() {
      return mine.size;
    },
  };
};

/**
 * A whole number written into a statement's text rather than sent as a parameter — for a
 * `LIMIT` or `OFFSET` that the plan should be made for (see the lead list's `pageOf`). Only ever
 * a number the server computed; anything but a non-negative safe integer is refused.
 */
export const integerLiteral = (value: number) => {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`not a non-negative integer: ${value}`);
  return sql.raw(String(value));
};
