import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createStatementNames, integerLiteral } from './statement-names';

// One connection, so that the statements it prepared can be read back from PostgreSQL.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
const db = { $client: pool };
afterAll(() => pool.end());

const prepared = async () =>
  (
    await pool.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name')
  ).rows.map((r) => r.name);

describe('createStatementNames', () => {
  it('gives each shape of query one name, whatever its values, and answers its rows', async () => {
    const names = createStatementNames('probe');
    const square = (n: number) => sql`SELECT ${n}::int * ${n}::int AS square`;
    expect(await names.execute<{ square: number }>(db, square(3))).toEqual([{ square: 9 }]);
    expect(await names.execute<{ square: number }>(db, square(4))).toEqual([{ square: 16 }]);
    expect(await names.execute(db, sql`SELECT ${'a'}::text AS letter`)).toEqual([{ letter: 'a' }]);
    expect(names.size).toBe(2);
    // Names count over the whole process (other services may have named texts already).
    expect((await prepared()).filter((name) => /^probe_\d+$/.test(name))).toHaveLength(2);
  });

  it('never gives one name to two texts, however many creators there are', async () => {
    // Two instances of one service, as a module builds it twice: each text keeps one name.
    const first = createStatementNames('twin');
    const second = createStatementNames('twin');
    expect(await first.execute(db, sql`SELECT ${1}::int AS a`)).toEqual([{ a: 1 }]);
    expect(await second.execute(db, sql`SELECT ${2}::int AS b`)).toEqual([{ b: 2 }]);
    expect(await second.execute(db, sql`SELECT ${3}::int AS a`)).toEqual([{ a: 3 }]);
    const twins = (await prepared()).filter((name) => name.startsWith('twin'));
    expect(new Set(twins).size).toBe(2);
  });

  it('runs shapes past its limit unnamed, with the same answers', async () => {
    const names = createStatementNames('capped', 1);
    await names.execute(db, sql`SELECT 1 AS one`);
    expect(await names.execute(db, sql`SELECT ${2}::int AS two`)).toEqual([{ two: 2 }]);
    expect(names.size).toBe(1);
    expect((await prepared()).filter((name) => name.startsWith('capped'))).toHaveLength(1);
  });
});

describe('integerLiteral', () => {
  it('writes a whole number into the text, and refuses anything else', async () => {
    const names = createStatementNames('literal');
    expect(await names.execute(db, sql`SELECT ${integerLiteral(42)}::int AS n`)).toEqual([
      { n: 42 },
    ]);
    for (const bad of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])
      expect(() => integerLiteral(bad)).toThrow('not a non-negative integer');
  });
});
