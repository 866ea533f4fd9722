import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { clientUsers } from '../db/schema/index';
import { createWorld, type World } from '../modules/clients/test-fixtures';
import { issueToken } from '../modules/auth/tokens';
import { seedDemoData } from '../seed/demo';
import { createTestApp, type TestContext } from '../test/test-app';
import type { JsonSchema } from './schema-arbitrary';

/**
 * What the fuzz suites share: an app on the demo data plus a world of five callers, the
 * operations of its OpenAPI document, and `send`, which holds every answer to the rules (no
 * 5xx, every 4xx in DRF's shape, nothing written on a 4xx) and keeps what broke them.
 */

export type Role = 'visitor' | 'staff' | 'member' | 'outsider' | 'impersonator';
export const ROLES: Role[] = ['visitor', 'staff', 'member', 'outsider', 'impersonator'];

export type Parameter = {
  in: string;
  name: string;
  schema: JsonSchema;
  description?: string;
  required?: boolean;
};
export type Operation = {
  method: string;
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  parameters: Parameter[];
  body: JsonSchema | undefined;
};
export type Failure = { request: string; status: number; problem: string; body: string };
export type Answer = { request: string; status: number; body: unknown; raw: string };

/**
 * Tables whose rows a refused request may still touch: throttles, token expiry refresh, and the
 * lead list's kept counts (a read fills them) with their version, which a statement on `leads`
 * moves even when it changed no row (a delete of an absent lead). A real write to the leads
 * still shows in `leads` itself.
 */
const BOOKKEEPING = new Set([
  'rate_limits',
  'auth_tokens',
  '__drizzle_migrations',
  'lead_list_counts',
  'lead_list_version',
]);

export const isDrfError = (status: number, body: unknown): boolean => {
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

/** A path with its parameters filled in, and a query string when there is one. */
export const urlFor = (op: Operation, params: string[], query: Record<string, string>) => {
  let path = op.path;
  op.pathParams.forEach((name, i) => {
    path = path.replace(`{${name}}`, params[i] ?? '1');
  });
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
};

export const hasBody = (op: Operation) =>
  op.method !== 'GET' && op.method !== 'DELETE' && op.method !== 'HEAD';

export const createFuzzHarness = async (prefix: string) => {
  const t: TestContext = await createTestApp({ THROTTLE: 'false' });
  await t.db.transaction((tx) => seedDemoData(tx));
  const w: World = await createWorld(t, prefix);
  let tokens: Record<Role, string | null>;
  const failures: Failure[] = [];
  /** How many answers of each status the run saw: proof that it reached past the guards. */
  const statuses = new Map<number, number>();
  /** Successful writes the fingerprint saw: proof that it would see a refused one too. */
  const counts = { writes: 0, requests: 0 };

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
  await issueRoleTokens();

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

  const tables = (
    await t.db.execute<{ name: string }>(
      sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
    )
  ).rows
    .map((r) => r.name)
    .filter((name) => !BOOKKEEPING.has(name));
  const fingerprintQuery = sql.raw(
    `SELECT ${tables
      .map(
        (name) =>
          `(SELECT count(*) || '/' || coalesce(max(xmin::text::bigint), 0) FROM "${name}") AS "${name}"`,
      )
      .join(', ')}`,
  );

  /**
   * Counting every table before and after each of thousands of requests was most of the suite's
   * time, so each table also moves a counter with every statement that writes it: while the
   * counter stands still, no row changed and the last fingerprint holds. (A sequence, not a
   * table: its moves are not undone by a rollback, so a refused write only costs a recount.
   * Transaction ids would do too, but the test server's other files use them all the time.)
   * A write still open elsewhere (a mail worker's) has moved the counter but shows no rows yet:
   * nothing is kept while one is.
   */
  await t.db.execute(sql.raw('CREATE SEQUENCE fuzz_statements'));
  await t.db.execute(
    sql.raw(`CREATE FUNCTION fuzz_statement() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM nextval('fuzz_statements'); RETURN NULL; END $$`),
  );
  for (const name of tables)
    await t.db.execute(
      sql.raw(`CREATE TRIGGER fuzz_statement AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
        ON "${name}" FOR EACH STATEMENT EXECUTE FUNCTION fuzz_statement()`),
    );
  const horizon = async () => {
    const [row] = (
      await t.db.execute<{ moved: string; writing: number }>(
        sql`SELECT (SELECT last_value || '/' || is_called FROM fuzz_statements) AS moved,
          (SELECT count(*)::int FROM pg_stat_activity WHERE datname = current_database()
            AND backend_xid IS NOT NULL AND pid <> pg_backend_pid()) AS writing`,
      )
    ).rows;
    return row && row.writing === 0 ? row.moved : undefined;
  };
  let known: { horizon: string; fingerprint: Record<string, unknown> } | null = null;

  /** Row counts and the newest row version of every table a request may change. */
  const fingerprint = async () => {
    const before = await horizon();
    if (before !== undefined && known?.horizon === before) return known.fingerprint;
    const [value = {}] = (await t.db.execute<Record<string, unknown>>(fingerprintQuery)).rows;
    // A write that finished while the tables were read leaves nothing to trust in the cache.
    const after = await horizon();
    known =
      after !== undefined && after === before ? { horizon: before, fingerprint: value } : null;
    return value;
  };

  const changedTables = (before: Record<string, unknown>, after: Record<string, unknown>) =>
    Object.keys(after).filter((table) => after[table] !== before[table]);

  const fail = (answer: Pick<Answer, 'request' | 'status' | 'raw'>, problem: string) =>
    failures.push({
      request: answer.request,
      status: answer.status,
      problem,
      body: answer.raw.slice(0, 300),
    });

  /** One request as `role`, held to the rules; its answer, for the caller's own checks. */
  const send = async (label: string, options: InjectOptions, role: Role): Promise<Answer> => {
    const token = tokens[role];
    const headers = {
      ...(options.headers ?? {}),
      ...(token ? { authorization: `Token ${token}` } : {}),
    };
    const before = await fingerprint();
    const res = await t.app.inject({ ...options, headers, remoteAddress: '10.99.0.1' });
    counts.requests++;
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    let body: unknown = null;
    try {
      body = res.json();
    } catch {
      // Not JSON: a 4xx is reported below; a 2xx may be a file.
    }
    const answer: Answer = {
      request: `${role} ${options.method} ${String(options.url).slice(0, 200)} ${label}`,
      status: res.statusCode,
      body,
      raw: res.body,
    };
    if (res.statusCode >= 500) fail(answer, '5xx');
    else if (res.statusCode >= 400) {
      if (!isDrfError(res.statusCode, body)) fail(answer, '4xx not DRF-shaped');
      const changed = changedTables(before, await fingerprint());
      if (changed.length > 0) fail(answer, `4xx wrote to the database: ${changed.join(', ')}`);
    } else if (options.method !== 'GET' && options.method !== 'HEAD') {
      if (changedTables(before, await fingerprint()).length > 0) counts.writes++;
      await restoreRoles();
    }
    return answer;
  };

  const ids = await t.db.execute<{ id: string }>(
    sql`SELECT DISTINCT id::text AS id FROM (SELECT id FROM projects UNION SELECT id FROM leads UNION SELECT id FROM estimates UNION SELECT id FROM test_steps LIMIT 40) s`,
  );
  const slugs = await t.db.execute<{ slug: string }>(
    sql`SELECT slug FROM clients UNION SELECT slug FROM projects`,
  );
  const keys = { ids: ids.rows.map((r) => r.id), slugs: slugs.rows.map((r) => r.slug) };

  const doc = (await t.app.inject({ method: 'GET', url: '/api/schema/' })).json<{
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Parameter[];
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        }
      >
    >;
  }>();
  const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      query: Object.fromEntries(
        (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema]),
      ),
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema,
    })),
  );

  return {
    t,
    w,
    operations,
    keys,
    failures,
    statuses,
    counts,
    send,
    fail,
    close: () => t.close(),
  };
};
export type FuzzHarness = Awaited<ReturnType<typeof createFuzzHarness>>;
