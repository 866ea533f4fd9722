import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientUsers } from '../db/schema/index';
import { createWorld, type World } from '../modules/clients/test-fixtures';
import { issueToken } from '../modules/auth/tokens';
import { seedDemoData } from '../seed/demo';
import { createTestApp, type TestContext } from '../test/test-app';
import { bodyFor, hostileValue, type JsonSchema } from './schema-arbitrary';

/**
 * Every endpoint of the OpenAPI document, as every role, with requests derived from its schemas:
 * valid and mutated bodies, queries and path keys. Whatever comes in: no 5xx, every 4xx in DRF's
 * shape, and nothing written when the answer is a 4xx. `FUZZ_RUNS` (per endpoint and role) and
 * `FUZZ_SEED` make a longer or different run: `npm run fuzz -- --runs 50`.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const TIMEOUT = Math.max(120_000, RUNS * 30_000);

type Role = 'visitor' | 'staff' | 'member' | 'outsider' | 'impersonator';
const ROLES: Role[] = ['visitor', 'staff', 'member', 'outsider', 'impersonator'];
type Operation = {
  method: string;
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
};
type Failure = { request: string; status: number; problem: string; body: string };

/** Tables whose rows a refused request may still touch: throttles and token expiry refresh. */
const BOOKKEEPING = new Set(['rate_limits', 'auth_tokens', '__drizzle_migrations']);

let t: TestContext;
let w: World;
let tokens: Record<Role, string | null>;
let operations: Operation[];
let fingerprintQuery: ReturnType<typeof sql.raw>;
const keys: { ids: string[]; slugs: string[] } = { ids: [], slugs: [] };
const failures: Failure[] = [];
/** How many answers of each status the run saw: proof that it reached past the guards. */
const statuses = new Map<number, number>();
/** Successful writes the fingerprint saw: proof that it would see a refused one too. */
let writes = 0;

const issueRoleTokens = async () => {
  const ttlMs = t.ctx.config.tokenIdleMs;
  const token = async (userId: number, impersonatorId?: number) =>
    (await issueToken(t.db, userId, { ttlMs, ...(impersonatorId ? { impersonatorId } : {}) }))
      .token;
  tokens = {
    visitor: null,
    staff: await token(w.users.staff.id),
    member: await token(w.users.member.id),
    outsider: await token(w.users.outsider.id),
    impersonator: await token(w.users.member.id, w.users.staff.id),
  };
};

/**
 * After a successful write the world may have moved (a role user deactivated or signed out, a
 * membership removed): put the callers back so later requests still test what they mean to.
 */
const restoreRoles = async () => {
  const { staff, member, outsider } = w.users;
  await t.db.execute(
    sql`UPDATE users SET is_active = true, email_verified = true,
        is_superuser = (id = ${staff.id})
        WHERE id IN (${staff.id}, ${member.id}, ${outsider.id})`,
  );
  await t.db
    .insert(clientUsers)
    .values([
      { clientId: w.acme.id, userId: member.id },
      { clientId: w.globex.id, userId: outsider.id },
    ])
    .onConflictDoNothing();
  await issueRoleTokens();
};

/** Row counts and the newest row version of every table a request may change. */
const fingerprint = async () => JSON.stringify((await t.db.execute(fingerprintQuery)).rows);

const isDrfError = (status: number, body: unknown): boolean => {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const entries = Object.entries(body);
  if (entries.length === 0) return false;
  if (typeof (body as { detail?: unknown }).detail === 'string') return true;
  // A validation error: every field names a list of messages.
  return (
    status === 400 &&
    entries.every(([, value]) => Array.isArray(value) && value.every((m) => typeof m === 'string'))
  );
};

const send = async (label: string, options: InjectOptions, role: Role) => {
  const token = tokens[role];
  const headers = {
    ...(options.headers ?? {}),
    ...(token ? { authorization: `Token ${token}` } : {}),
  };
  const before = await fingerprint();
  const res = await t.app.inject({ ...options, headers, remoteAddress: '10.99.0.1' });
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  const request = `${role} ${options.method} ${String(options.url).slice(0, 200)} ${label}`;
  const fail = (problem: string) =>
    failures.push({ request, status: res.statusCode, problem, body: res.body.slice(0, 300) });
  if (res.statusCode >= 500) fail('5xx');
  else if (res.statusCode >= 400) {
    let body: unknown = null;
    try {
      body = res.json();
    } catch {
      // Not JSON: reported below.
    }
    if (!isDrfError(res.statusCode, body)) fail('4xx not DRF-shaped');
    if ((await fingerprint()) !== before) fail('4xx wrote to the database');
  } else if (options.method !== 'GET' && options.method !== 'HEAD') {
    if ((await fingerprint()) !== before) writes++;
    await restoreRoles();
  }
};

/** A path key: an existing id or slug most of the time, otherwise something no key looks like. */
const pathKey = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...['1', '2', '3']) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '0x10',
      '1%20',
      '%00',
      'a%00b',
      '-1',
      '0',
      '01',
      '1e3',
      '99999999999999',
      '%F0%9F%98%80',
      '%ED%A0%80',
      '..%2F..%2Fetc',
      'x'.repeat(300),
    ),
  },
);

const queryValue = (schema: JsonSchema) =>
  fc.oneof(
    bodyFor(schema).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
    hostileValue.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
  );

const requestFor = (op: Operation) =>
  fc.record({
    params: fc.tuple(
      ...op.pathParams.map(() => fc.oneof(pathKey, fc.constantFrom(...keys.ids, ...keys.slugs))),
    ),
    query: fc.record(
      Object.fromEntries(
        Object.entries(op.query).map(([name, schema]) => [name, queryValue(schema)]),
      ),
      { requiredKeys: [] },
    ),
    body: bodyFor(op.body),
  });

const urlFor = (op: Operation, params: string[], query: Record<string, string>) => {
  let path = op.path;
  op.pathParams.forEach((name, i) => {
    path = path.replace(`{${name}}`, params[i] ?? '1');
  });
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
};

beforeAll(async () => {
  t = await createTestApp({ THROTTLE: 'false' });
  await t.db.transaction((tx) => seedDemoData(tx));
  w = await createWorld(t, 'fuzz');
  await issueRoleTokens();

  const tables = (
    await t.db.execute<{ name: string }>(
      sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
    )
  ).rows
    .map((r) => r.name)
    .filter((name) => !BOOKKEEPING.has(name));
  fingerprintQuery = sql.raw(
    `SELECT ${tables
      .map(
        (name) =>
          `(SELECT count(*) || '/' || coalesce(max(xmin::text::bigint), 0) FROM "${name}") AS "${name}"`,
      )
      .join(', ')}`,
  );
  const ids = await t.db.execute<{ id: string }>(
    sql`SELECT DISTINCT id::text AS id FROM (SELECT id FROM projects UNION SELECT id FROM leads UNION SELECT id FROM estimates UNION SELECT id FROM test_steps LIMIT 40) s`,
  );
  keys.ids = ids.rows.map((r) => r.id);
  const slugs = await t.db.execute<{ slug: string }>(
    sql`SELECT slug FROM clients UNION SELECT slug FROM projects`,
  );
  keys.slugs = slugs.rows.map((r) => r.slug);

  const doc = (await t.app.inject({ method: 'GET', url: '/api/schema/' })).json<{
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string; schema: JsonSchema }[];
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        }
      >
    >;
  }>();
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      query: Object.fromEntries(
        (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema]),
      ),
      body: op.requestBody?.content?.['application/json']?.schema,
    })),
  );
}, 120_000);
afterAll(() => t.close());

describe('fuzzing every endpoint as every role', () => {
  it('finds the whole API in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(60);
    for (const path of ['/api/leads/', '/api/token-auth/', '/api/projects/{key}/'])
      expect(operations.some((op) => op.path === path)).toBe(true);
  });

  it(
    'answers derived and mutated requests with no 5xx, DRF-shaped 4xx, no write on a 4xx',
    async () => {
      let n = 0;
      for (const op of operations) {
        for (const role of ROLES) {
          const samples = fc.sample(requestFor(op), { numRuns: RUNS, seed: SEED + n++ });
          for (const sample of samples) {
            const hasBody = op.method !== 'GET' && op.method !== 'DELETE' && op.method !== 'HEAD';
            await send(
              'sample',
              {
                method: op.method as InjectOptions['method'],
                url: urlFor(op, sample.params as string[], sample.query as Record<string, string>),
                ...(hasBody
                  ? {
                      payload: JSON.stringify(sample.body),
                      headers: { 'content-type': 'application/json' },
                    }
                  : {}),
              },
              role,
            );
          }
        }
      }
      expect(failures.slice(0, 25)).toEqual([]);
      // The run got through to the services, not only to the permission checks.
      for (const status of [200, 204, 400, 401, 403, 404])
        expect(statuses.get(status)).toBeGreaterThan(0);
      expect(writes).toBeGreaterThan(0);
      console.info(
        `fuzz: ${writes} writes; ${[...statuses].map(([k, v]) => `${k}×${v}`).join(' ')}`,
      );
    },
    TIMEOUT,
  );

  it(
    'refuses hostile bodies on every endpoint that takes one: deep, huge, __proto__, not JSON',
    async () => {
      const deep = `${'{"a":'.repeat(1_000)}1${'}'.repeat(1_000)}`;
      const deepArray = `${'['.repeat(1_000)}${']'.repeat(1_000)}`;
      const huge = JSON.stringify({ name: 'x'.repeat(10 * 1024 * 1024) });
      const cases: [string, string, string][] = [
        ['1,000-deep object', 'application/json', deep],
        ['1,000-deep array', 'application/json', deepArray],
        ['10 MB', 'application/json', huge],
        ['__proto__', 'application/json', '{"__proto__": {"is_superuser": true}, "name": "x"}'],
        ['constructor.prototype', 'application/json', '{"constructor": {"prototype": {"x": 1}}}'],
        [
          'huge number',
          'application/json',
          '{"name": 1e999, "order": 123456789012345678901234567890}',
        ],
        ['not JSON', 'application/json', '{"name": '],
        ['text/plain', 'text/plain', 'name=x'],
        ['form', 'application/x-www-form-urlencoded', 'name=x'],
      ];
      for (const op of operations.filter((o) => o.body !== undefined))
        for (const [label, type, payload] of cases)
          await send(
            label,
            {
              method: op.method as InjectOptions['method'],
              url: urlFor(
                op,
                op.pathParams.map(() => keys.ids[0] ?? '1'),
                {},
              ),
              headers: { 'content-type': type },
              payload,
            },
            'staff',
          );
      expect(failures.slice(0, 25)).toEqual([]);
      // Nothing reached Object.prototype.
      expect(({} as Record<string, unknown>).is_superuser).toBeUndefined();
    },
    TIMEOUT,
  );
});
