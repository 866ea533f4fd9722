import { describe, expect, it } from 'vitest';
import { blankPsqlCommands, parsePostgresql } from './parse-postgresql';

describe('parsePostgresql', () => {
  it('maps column types to the canvas types, arrays and unknown types included', async () => {
    const { tables } = await parsePostgresql(`
      CREATE TYPE mood AS ENUM ('ok', 'sad');
      CREATE TABLE public.every (
        a smallint, b bigserial, c numeric(10,2), d double precision, e boolean,
        f timestamp with time zone, g uuid, h json, i jsonb, j jsonb[], k text[],
        l integer[], m character varying(20), n mood, o uuid[], p date
      );`);
    expect(tables[0]?.columns.map((c) => [c.name, c.type])).toEqual([
      ['a', 'int'],
      ['b', 'int'],
      ['c', 'float'],
      ['d', 'float'],
      ['e', 'boolean'],
      ['f', 'date'],
      ['g', 'uuid'],
      ['h', 'json'],
      ['i', 'object'],
      ['j', 'object[]'],
      ['k', 'string[]'],
      ['l', 'int[]'],
      ['m', 'string'],
      ['n', 'string'],
      ['o', 'string[]'],
      ['p', 'date'],
    ]);
  });

  it('reads keys and NOT NULL given later, as pg_dump writes them, and schemas in titles', async () => {
    const script = await parsePostgresql(`
      CREATE TABLE app.accounts (id integer, email text);
      CREATE TABLE public.profiles (account_id integer, bio text);
      ALTER TABLE ONLY app.accounts ALTER COLUMN email SET NOT NULL;
      ALTER TABLE ONLY app.accounts ADD CONSTRAINT accounts_pkey PRIMARY KEY (id);
      CREATE UNIQUE INDEX profiles_account ON public.profiles USING btree (account_id);
      ALTER TABLE ONLY public.profiles
        ADD CONSTRAINT profiles_account_fk FOREIGN KEY (account_id) REFERENCES app.accounts(id);`);
    expect(script.tables.map((t) => [t.key, t.title])).toEqual([
      ['app.accounts', 'app.accounts'],
      ['public.profiles', 'profiles'],
    ]);
    expect(script.tables[0]).toMatchObject({
      primaryKey: ['id'],
      columns: [
        { name: 'id', notNull: true },
        { name: 'email', notNull: true },
      ],
    });
    expect(script.tables[1]?.uniques).toEqual([['account_id']]);
    expect(script.foreignKeys).toEqual([
      {
        table: 'public.profiles',
        columns: ['account_id'],
        references: 'app.accounts',
        referencesTitle: 'app.accounts',
        referencedColumns: ['id'],
      },
    ]);
    expect(script.skipped).toEqual([
      { kind: 'CREATE UNIQUE INDEX', name: 'profiles_account', line: 6 },
    ]);
  });

  it('counts lines in characters after text in other scripts than Latin', async () => {
    const { skipped } = await parsePostgresql(
      '-- Crème brûlée, 日本語\nCREATE TABLE t (id int);\n-- ü\nCREATE INDEX t_id ON t (id);',
    );
    expect(skipped).toEqual([{ kind: 'CREATE INDEX', name: 't_id', line: 4 }]);
  });

  it("blanks psql's meta-commands and COPY rows, keeping the lines where they were", () => {
    const sql = '\\restrict abc\nCOPY t (a) FROM stdin;\n1\n\\.\nSELECT 1;\n\\unrestrict abc';
    expect(blankPsqlCommands(sql)).toBe('\nCOPY t (a) FROM stdin;\n\n\nSELECT 1;\n');
  });
});
