import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CANVAS_CONFLICT_MESSAGE,
  parseCanvasData,
  type Canvas,
  type CanvasData,
} from '@portal/contract/canvas';
import {
  CANVAS_IMPORT_LIMITS,
  CANVAS_IMPORT_MESSAGES,
  type CanvasImportResponse,
} from '@portal/contract/canvas-import';
import { canvases } from '../../../db/schema/index';
import { findPgTools, pickPgTool, runPgTool } from '../../../ops/pg-tools';
import { createTestDatabase } from '../../../test/test-app';
import { impersonating } from '../../../test/impersonation';
import { useTestWorld } from '../../../test/test-world';
import { createWorld, DENIED, NOT_FOUND, UNAUTHENTICATED } from '../../clients/test-fixtures';
import { CANVAS_BODY_LIMIT } from '../routes';
import { MODEL_WIDTH, modelHeight } from './layout';

const { t, w } = useTestWorld(createWorld, 'cvi');

const SHOP_MYSQL = path.join(import.meta.dirname, 'fixtures/shop.mysql.sql');
const staff = () => w.as('staff');

const newCanvas = async (data = '') => {
  const res = await staff().post('/api/canvas/', { name: 'Imported', client_id: w.acme.id, data });
  expect(res.statusCode).toBe(201);
  return res.json<Canvas>();
};

const importSql = (id: number, sql: string, dialect = 'postgresql', extra: object = {}) =>
  staff().post(`/api/canvas/${id}/import-sql/`, { sql, dialect, ...extra });

const imported = async (id: number, sql: string, dialect = 'postgresql') => {
  const res = await importSql(id, sql, dialect);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CanvasImportResponse>();
};

const diagramOf = (canvas: Canvas): CanvasData => {
  const parsed = parseCanvasData(canvas.data);
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return parsed.data;
};

const byTitle = (data: CanvasData, title: string) => {
  const node = data.nodes.find((candidate) => candidate.data.title === title);
  if (!node) throw new Error(`no model ${title}`);
  return node;
};

/** What a model says, with relation targets by title, for comparisons that ignore ids. */
const relationsOf = (data: CanvasData, title: string) => {
  const titles = new Map(data.nodes.map((node) => [node.id, node.data.title]));
  return byTitle(data, title)
    .data.relations.map((r) => ({ to: titles.get(r.to ?? ''), type: r.type, required: r.required }))
    .sort((a, b) => String(a.to).localeCompare(String(b.to)));
};

/** No two models' boxes, as the editor draws them, overlap. */
const expectNoOverlaps = (data: CanvasData) => {
  const boxes = data.nodes.map((node) => ({
    x: node.position.x,
    y: node.position.y,
    width: MODEL_WIDTH,
    height: modelHeight(node.data),
  }));
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const apart =
        a.x + a.width <= b.x ||
        b.x + b.width <= a.x ||
        a.y + a.height <= b.y ||
        b.y + b.height <= a.y;
      expect(apart, `${data.nodes[i]!.data.title} and ${data.nodes[j]!.data.title}`).toBe(true);
    }
};

/** A migrated database of this project, with a view added, as pg_dump --schema-only writes it. */
const dumpOwnSchema = async () => {
  const url = await createTestDatabase();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE VIEW client_names AS SELECT id, name FROM clients');
    const { rows: version } = await client.query<{ v: string }>(
      `SELECT current_setting('server_version_num') AS v`,
    );
    const facts = await client.query<{ tables: string; keys: string; pairs: string }>(`
      WITH keys AS (
        SELECT DISTINCT c.oid, c.conrelid, c.confrelid
        FROM pg_constraint c JOIN information_schema.table_constraints tc
          ON tc.constraint_name = c.conname AND tc.constraint_type = 'FOREIGN KEY'
        WHERE c.contype = 'f'
      )
      SELECT
        (SELECT count(*) FROM information_schema.tables
          WHERE table_type = 'BASE TABLE'
            AND table_schema NOT IN ('pg_catalog', 'information_schema')) AS tables,
        (SELECT count(*) FROM information_schema.table_constraints
          WHERE constraint_type = 'FOREIGN KEY') AS keys,
        (SELECT count(DISTINCT (least(conrelid, confrelid), greatest(conrelid, confrelid)))
          FROM keys WHERE conrelid <> confrelid) AS pairs`);
    const tool = pickPgTool(
      'pg_dump',
      await findPgTools('pg_dump', process.env),
      Math.floor(Number(version[0]?.v) / 10_000),
    );
    const dir = await mkdtemp(path.join(tmpdir(), 'canvas-import-'));
    const file = path.join(dir, 'schema.sql');
    await runPgTool(tool, ['--schema-only', `--file=${file}`], url);
    const sql = await readFile(file, 'utf8');
    await rm(dir, { recursive: true, force: true });
    const row = facts.rows[0]!;
    return { sql, tables: Number(row.tables), keys: Number(row.keys), pairs: Number(row.pairs) };
  } finally {
    await client.end();
  }
};

let own: Awaited<ReturnType<typeof dumpOwnSchema>>;
beforeAll(async () => {
  own = await dumpOwnSchema();
});

describe('import of pg_dump --schema-only of this project', () => {
  it('gives one model per table and one relation pair per foreign key, laid out apart', async () => {
    expect(own.sql).toMatch(/^\\restrict /m);
    expect(own.sql).toContain('ALTER TABLE ONLY');
    const canvas = await newCanvas();
    const started = performance.now();
    const answer = await imported(canvas.id, own.sql);
    console.log(
      `pg_dump import: ${own.tables} tables, ${own.keys} foreign keys, ${Math.round(performance.now() - started)} ms`,
    );
    const data = diagramOf(answer.canvas);
    expect(answer.canvas.version).toBe(canvas.version + 1);
    expect(answer.created).toHaveLength(own.tables);
    expect(answer.updated).toEqual([]);
    expect(data.nodes).toHaveLength(own.tables);
    expect(new Set(data.nodes.map((node) => node.data.title)).size).toBe(own.tables);
    // One pair per two related tables; a second key between them is told, not drawn twice.
    expect(answer.relations).toBe(own.pairs);
    expect(data.edges).toHaveLength(own.pairs);
    expect(answer.relations + answer.notes.length).toBe(own.keys);
    const relations = data.nodes.reduce((sum, node) => sum + node.data.relations.length, 0);
    expect(relations).toBe(2 * own.pairs);
    expectNoOverlaps(data);

    // The schema as the project defines it.
    expect(byTitle(data, 'clients').data.fields).toEqual(
      expect.arrayContaining([
        { label: 'id', type: 'int', required: true },
        { label: 'name', type: 'string', required: true },
      ]),
    );
    expect(relationsOf(data, 'client_users')).toEqual([
      { to: 'clients', type: 'ManyToOne', required: true },
      { to: 'users', type: 'ManyToOne', required: true },
    ]);
    // Key columns are the relation, not attributes as well.
    expect(byTitle(data, 'client_users').data.fields.map((f) => f.label)).not.toContain(
      'client_id',
    );
    expect(answer.notes.join('\n')).toMatch(/already related/);
    expect(data.nodes.map((n) => n.data.title)).toContain('drizzle.__drizzle_migrations');

    const kinds = new Set(answer.skipped.map((s) => s.kind));
    for (const kind of [
      'SET',
      'CREATE SEQUENCE',
      'CREATE INDEX',
      'CREATE FUNCTION',
      'CREATE TRIGGER',
      'CREATE VIEW',
      'ALTER TABLE',
      'ALTER … OWNER TO',
      'CREATE EXTENSION',
    ])
      expect(kinds, kind).toContain(kind);
    const view = answer.skipped.find((s) => s.kind === 'CREATE VIEW');
    expect(view?.name).toBe('client_names');
    expect(own.sql.split('\n')[(view?.line ?? 0) - 1]).toMatch(/^CREATE VIEW public\.client_names/);
  });

  it('imports the same script again by updating the same models, not adding any', async () => {
    const canvas = await newCanvas();
    const first = await imported(canvas.id, own.sql);
    const second = await imported(canvas.id, own.sql);
    expect(second.created).toEqual([]);
    expect(second.updated).toHaveLength(own.tables);
    expect(second.canvas.version).toBe(first.canvas.version + 1);
    const before = diagramOf(first.canvas);
    const after = diagramOf(second.canvas);
    expect(after).toEqual(before);
  });
});

describe('import of a mysqldump --no-data', () => {
  it('reads backticks, ENGINE=, inline keys, composite and self references', async () => {
    const canvas = await newCanvas();
    const answer = await imported(canvas.id, await readFile(SHOP_MYSQL, 'utf8'), 'mysql');
    const data = diagramOf(answer.canvas);
    expect(answer.created.sort()).toEqual([
      'categories',
      'customer_profiles',
      'customers',
      'order_lines',
      'orders',
      'products',
    ]);
    expect(answer.relations).toBe(5);
    expect(data.edges).toHaveLength(5);
    expect(relationsOf(data, 'order_lines')).toEqual([
      { to: 'orders', type: 'ManyToOne', required: true },
      // A composite key (sku, variant) is one relation.
      { to: 'products', type: 'ManyToOne', required: true },
    ]);
    expect(relationsOf(data, 'customers')).toEqual([
      // Its key is the profile's primary key: one profile per customer.
      { to: 'customer_profiles', type: 'OneToOne', required: true },
      { to: 'orders', type: 'OneToMany', required: true },
    ]);
    expect(relationsOf(data, 'products')).toContainEqual({
      to: 'categories',
      type: 'ManyToOne',
      required: false,
    });
    // A category's parent is a category: kept as an attribute, and said so.
    expect(byTitle(data, 'categories').data.fields).toEqual([
      { label: 'id', type: 'int', required: true },
      { label: 'name', type: 'string', required: true },
      { label: 'parent_id', type: 'int', required: false },
    ]);
    expect(answer.notes).toEqual([
      expect.stringMatching(
        /^categories \(parent_id\) → categories: a model cannot be related to itself/,
      ),
    ]);
    expect(byTitle(data, 'customers').data.fields).toEqual([
      { label: 'id', type: 'int', required: true },
      { label: 'email', type: 'string', required: true },
      { label: 'name', type: 'string', required: false },
      { label: 'is_active', type: 'boolean', required: true },
      { label: 'created_at', type: 'date', required: true },
    ]);
    expect(byTitle(data, 'products').data.fields).toContainEqual({
      label: 'uuid',
      type: 'uuid',
      required: true,
    });
    expect(byTitle(data, 'customer_profiles').data.fields).toContainEqual({
      label: 'settings',
      type: 'json',
      required: false,
    });
    expect(answer.skipped).toEqual(
      expect.arrayContaining([
        { kind: 'DROP TABLE', name: 'orders', line: expect.any(Number) },
        { kind: 'CREATE TRIGGER', name: 'orders_placed_on', line: expect.any(Number) },
        { kind: 'CREATE VIEW', name: 'order_totals', line: expect.any(Number) },
        { kind: 'SET', name: null, line: expect.any(Number) },
      ]),
    );
    expectNoOverlaps(data);
  });
});

describe('import into a canvas with models', () => {
  it('updates a model of the same name in place, keeps the others, and places new ones apart', async () => {
    const hand = {
      nodes: [
        {
          id: 'mine',
          type: 'model',
          position: { x: 100, y: 100 },
          data: {
            title: 'Customers',
            fields: [{ label: 'old', type: 'string', required: false }],
            relations: [],
          },
        },
        {
          id: 'notes',
          type: 'model',
          position: { x: 100, y: 600 },
          data: { title: 'Notes', fields: [], relations: [] },
        },
      ],
      edges: [],
      viewport: { x: 5, y: 6, zoom: 1.5 },
    };
    const canvas = await newCanvas(JSON.stringify(hand));
    const answer = await imported(
      canvas.id,
      `CREATE TABLE customers (id bigint PRIMARY KEY, email text NOT NULL);
       CREATE TABLE orders (id bigint PRIMARY KEY, customer_id bigint NOT NULL REFERENCES customers (id));`,
    );
    expect(answer.updated).toEqual(['customers']);
    expect(answer.created).toEqual(['orders']);
    const data = diagramOf(answer.canvas);
    expect(data.viewport).toEqual(hand.viewport);
    const customers = data.nodes.find((n) => n.id === 'mine')!;
    expect(customers.position).toEqual({ x: 100, y: 100 });
    expect(customers.data.title).toBe('Customers');
    expect(customers.data.fields).toEqual([
      { label: 'id', type: 'int', required: true },
      { label: 'email', type: 'string', required: true },
    ]);
    expect(data.nodes.find((n) => n.id === 'notes')?.data).toEqual(hand.nodes[1]!.data);
    expect(byTitle(data, 'orders').position.x).toBeGreaterThan(100 + MODEL_WIDTH);
    expectNoOverlaps(data);
  });
});

describe('import errors', () => {
  it.each([
    ['no SQL', { dialect: 'postgresql' }, 'sql', 'This field is required.'],
    ['blank SQL', { sql: '  \n', dialect: 'postgresql' }, 'sql', 'This field may not be blank.'],
    ['SQL that is not text', { sql: 42, dialect: 'mysql' }, 'sql', 'Not a valid string.'],
    ['no dialect', { sql: 'SELECT 1' }, 'dialect', 'This field is required.'],
    [
      'an unknown dialect',
      { sql: 'SELECT 1', dialect: 'oracle' },
      'dialect',
      '"oracle" is not a valid choice.',
    ],
    [
      'a version that is not a number',
      { sql: 'SELECT 1', dialect: 'mysql', version: 'x' },
      'version',
      'A valid integer is required.',
    ],
  ])('%s is a 400 on the field', async (_case, body, field, message) => {
    const canvas = await newCanvas();
    const res = await staff().post(`/api/canvas/${canvas.id}/import-sql/`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [field]: [message] });
  });

  it.each([
    [
      'postgresql',
      "SET client_encoding = 'UTF8';\nCREATE VIEW v AS SELECT 1;",
      CANVAS_IMPORT_MESSAGES.noTable,
    ],
    [
      'mysql',
      '/*!40101 SET NAMES utf8mb4 */;\nDROP TABLE IF EXISTS `t`;',
      CANVAS_IMPORT_MESSAGES.noTable,
    ],
    [
      'postgresql',
      'SELECT 1;\nCREATE TABLE t (\n  id int,\n  name tex t\n);',
      'Syntax error at line 4, column 12: syntax error at or near "t"',
    ],
    [
      'postgresql',
      '-- Crème brûlée\nCREATE TABLE café (\n  prix numeric,,\n);',
      'Syntax error at line 3, column 16: syntax error at or near ","',
    ],
    [
      'mysql',
      'DROP TABLE IF EXISTS `t`;\nCREATE TABLE `t` (\n  `id` int,\n  `x` blah blah\n) ENGINE=InnoDB;',
      'Syntax error at line 4, column 7: syntax error at or near "b"',
    ],
  ])('%s script %#: 400 on sql naming the problem', async (dialect, sql, message) => {
    const canvas = await newCanvas();
    const res = await importSql(canvas.id, sql, dialect);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ sql: [message] });
    expect((await t.db.select().from(canvases).where(eq(canvases.id, canvas.id)))[0]?.version).toBe(
      1,
    );
  });

  it('refuses more than 500 tables and more than 2 MB of SQL, naming the field', async () => {
    const canvas = await newCanvas();
    const many = Array.from(
      { length: CANVAS_IMPORT_LIMITS.tables + 1 },
      (_, i) => `CREATE TABLE t${i} (id int);`,
    ).join('\n');
    const tooMany = await importSql(canvas.id, many);
    expect(tooMany.json()).toEqual({ sql: [CANVAS_IMPORT_MESSAGES.tooManyTables(501)] });
    const big = `CREATE TABLE t (id int);\n-- ${'x'.repeat(CANVAS_IMPORT_LIMITS.sqlBytes)}`;
    const tooBig = await importSql(canvas.id, big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual({ sql: [CANVAS_IMPORT_MESSAGES.tooBig] });
    const huge = await importSql(canvas.id, 'x'.repeat(CANVAS_BODY_LIMIT));
    expect(huge.statusCode).toBe(413);
  });

  it('a stale version is a 409 and changes nothing; an unknown canvas a 404', async () => {
    const canvas = await newCanvas();
    await staff().patch(`/api/canvas/${canvas.id}/`, { name: 'Saved by someone' });
    const stale = await importSql(canvas.id, 'CREATE TABLE t (id int);', 'postgresql', {
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: CANVAS_CONFLICT_MESSAGE, version: 2 });
    const fresh = await importSql(canvas.id, 'CREATE TABLE t (id int);', 'postgresql', {
      version: 2,
    });
    expect(fresh.json().canvas.version).toBe(3);
    const missing = await importSql(999_999, 'CREATE TABLE t (id int);');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(NOT_FOUND);
  });
});

describe('import permissions', () => {
  const SQL = 'CREATE TABLE t (id int);';

  it('staff import; a visitor gets 401, client members (own or other client) 403', async () => {
    const canvas = await newCanvas();
    expect((await importSql(canvas.id, SQL)).statusCode).toBe(200);
    for (const [role, status, body] of [
      ['visitor', 401, UNAUTHENTICATED],
      ['member', 403, DENIED],
      ['outsider', 403, DENIED],
    ] as const) {
      const res = await w.as(role).post(`/api/canvas/${canvas.id}/import-sql/`, {
        sql: SQL,
        dialect: 'postgresql',
      });
      expect(res.statusCode, role).toBe(status);
      expect(res.json()).toEqual(body);
    }
    // Nor does a body too large for anyone tell a stranger more.
    const big = await w.as('member').post(`/api/canvas/${canvas.id}/import-sql/`, {
      sql: 'x'.repeat(CANVAS_BODY_LIMIT),
      dialect: 'mysql',
    });
    expect(big.statusCode).toBe(403);
  });

  it('staff signed in as a client user is that client user: 403', async () => {
    const canvas = await newCanvas();
    const as = await impersonating(t, w.users.member.id, w.users.staff.id);
    const res = await as.post(`/api/canvas/${canvas.id}/import-sql/`, {
      sql: SQL,
      dialect: 'postgresql',
    });
    expect(res.statusCode).toBe(403);
    expect((await t.db.select().from(canvases).where(eq(canvases.id, canvas.id)))[0]?.version).toBe(
      1,
    );
  });
});
