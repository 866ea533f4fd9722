import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type PortalProcess } from '../test/portal-process';
import { createTestDatabase } from '../test/test-app';
import { migrationsFolder } from '../paths';

/**
 * The portal behind a real PgBouncer in transaction mode (Debian's `pgbouncer`, 1.18; .ci/run
 * installs it), running the repository's own deploy/pgbouncer.ini, as docs/deploy.md has it:
 * requests and jobs through PgBouncer (DATABASE_URL), migrations, LISTEN and session locks
 * straight to PostgreSQL (DATABASE_DIRECT_URL). Two portals started as `npm run serve` starts them — one
 * with two workers, one single process — share PgBouncer's two server connections. Ports
 * 6440–6449 (PgBouncer) and 8900–8949 (portals) are this file's.
 */
const SERVER_CONNECTIONS = 2;
const ADMIN = { username: 'admin@process.test', password: 'admin-password-1' };

let dir: string;
let databaseUrl: string;
let bouncerUrl: string;
let bouncer: { child: ChildProcess; output: () => string; port: number } | undefined;
let portals: PortalProcess[] = [];
const answers = new Map<number, number>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first port of the range nobody listens on (other suites use other ranges). */
const freePort = async (from: number, to: number, taken: number[] = []) => {
  for (let port = from; port <= to; port++) {
    if (taken.includes(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer()
        .once('error', () => resolve(false))
        .listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}–${to}`);
};

/**
 * PgBouncer on the shipped configuration, with this machine's address, port and trust
 * authentication in place of the sample's, and a server pool of two so that requests share
 * connections. Lines after `%include` continue its `[pgbouncer]` section: a second section header
 * would start that section over from PgBouncer's defaults.
 */
const startPgBouncer = async (database: URL) => {
  const port = await freePort(6440, 6449);
  const auth = path.join(dir, 'userlist.txt');
  await writeFile(auth, `"${decodeURIComponent(database.username)}" ""\n`);
  const ini = path.join(dir, 'pgbouncer.ini');
  const name = database.pathname.slice(1);
  const password = database.password ? ` password=${decodeURIComponent(database.password)}` : '';
  await writeFile(
    ini,
    [
      `%include ${path.resolve(import.meta.dirname, '../../../../deploy/pgbouncer.ini')}`,
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${auth}`,
      `admin_users = ${decodeURIComponent(database.username)}`,
      `default_pool_size = ${SERVER_CONNECTIONS}`,
      'reserve_pool_size = 0',
      '[databases]',
      `${name} = host=${database.hostname} port=${database.port || 5432} dbname=${name}${password}`,
      '',
    ].join('\n'),
  );
  // It refuses to run as root ("PgBouncer should not run as root"): then it switches to the
  // postgres account itself, after reading its files.
  const asRoot = process.getuid?.() === 0;
  const child = spawn('pgbouncer', [...(asRoot ? ['-u', 'postgres'] : []), ini], {
    // Debian installs it in /usr/sbin, outside a normal user's PATH.
    env: { ...process.env, PATH: `${process.env.PATH ?? ''}:/usr/sbin` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = new URL(database);
  url.port = String(port);
  url.hostname = '127.0.0.1';
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    const client = new pg.Client({ connectionString: url.toString() });
    const up = await client.connect().then(
      () => client.end().then(() => true),
      () => false,
    );
    if (up) return { child, output: () => output, port, url: url.toString() };
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`PgBouncer did not start:\n${output}`);
};

/** One call to a portal, its status counted; given up after 10 s (a test fails, not hangs). */
const call = async (
  portal: PortalProcess,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
) => {
  const res = await fetch(`${portal.url}${url}`, {
    method,
    signal: AbortSignal.timeout(10_000),
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Token ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  answers.set(res.status, (answers.get(res.status) ?? 0) + 1);
  return {
    status: res.status,
    headers: res.headers,
    text,
    json: () => JSON.parse(text) as Record<string, unknown>,
  };
};
const login = async (portal: PortalProcess) => {
  const res = await call(portal, 'POST', '/api/token-auth/', ADMIN);
  expect(res.status, res.text).toBe(200);
  return String(res.json().token);
};

/** A query straight to PostgreSQL, or to PgBouncer's admin console (simple protocol only). */
const query = async <Row extends pg.QueryResultRow>(url: string, text: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'portal-pgbouncer-'));
  databaseUrl = await createTestDatabase({ empty: true });
  const started = await startPgBouncer(new URL(databaseUrl));
  bouncer = started;
  bouncerUrl = started.url;
  const first = await freePort(8900, 8949);
  const second = await freePort(8900, 8949, [first]);
  // At the same moment, on an empty database: both want to migrate, and to set the role's
  // timeouts.
  portals = await Promise.all(
    [
      { port: first, workers: '2' },
      { port: second, workers: '1' },
    ].map(({ port, workers }) =>
      startPortal({
        port,
        databaseUrl: bouncerUrl,
        env: {
          DATABASE_DIRECT_URL: databaseUrl,
          DATABASE_POOL_SIZE: '4',
          WEB_CONCURRENCY: workers,
        },
      }),
    ),
  );
}, 120_000);

afterAll(async () => {
  for (const portal of portals) portal.signal('SIGTERM');
  await Promise.all(portals.map((portal) => portal.exited));
  bouncer?.child.kill('SIGTERM');
  await rm(dir, { recursive: true, force: true });
}, 30_000);

describe('behind PgBouncer in transaction mode', () => {
  it('migrates over the direct connection and makes the request timeouts the role’s defaults', async () => {
    const [migrations] = await query<{ count: number }>(
      databaseUrl,
      'SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations',
    );
    expect(migrations?.count).toBe(readMigrationFiles({ migrationsFolder }).length);
    const name = new URL(databaseUrl).pathname.slice(1);
    for (const portal of portals)
      expect(portal.output()).toContain(
        `Database: requests and jobs through DATABASE_URL (127.0.0.1:${bouncer?.port}/${name}); ` +
          `migrations, LISTEN and session locks over DATABASE_DIRECT_URL (${new URL(databaseUrl).host}/${name}).`,
      );
    // Set by whichever started first; the other found them in place.
    const told = portals.filter((portal) =>
      portal.output().includes('Request timeouts behind the pooler:'),
    );
    expect(told).toHaveLength(1);
    // Every server connection of PgBouncer's pool has them, including the ones that were open
    // while they were set: one transaction on each at once.
    const clients = Array.from(
      { length: SERVER_CONNECTIONS },
      () => new pg.Client({ connectionString: bouncerUrl }),
    );
    await Promise.all(clients.map((client) => client.connect()));
    try {
      await Promise.all(clients.map((client) => client.query('BEGIN')));
      const settings = await Promise.all(
        clients.map(async (client) => {
          const { rows } = await client.query<{ pid: number; lock: string; statement: string }>(
            `SELECT pg_backend_pid() AS pid, current_setting('lock_timeout') AS lock,
                    current_setting('statement_timeout') AS statement`,
          );
          return rows[0];
        }),
      );
      expect(new Set(settings.map((row) => row?.pid)).size).toBe(SERVER_CONNECTIONS);
      for (const row of settings) expect(row).toMatchObject({ lock: '3s', statement: '30s' });
    } finally {
      await Promise.all(clients.map((client) => client.query('ROLLBACK').catch(() => undefined)));
      await Promise.all(clients.map((client) => client.end()));
    }
  });

  it('serves many more requests at once than PgBouncer has server connections, with no error', async () => {
    const [one, two] = portals as [PortalProcess, PortalProcess];
    const tokens = await Promise.all([one, two, one, two].map(login));
    const client = await call(one, 'POST', '/api/clients/', { name: 'Pooled Co' }, tokens[0]);
    expect(client.status, client.text).toBe(201);
    const project = await call(
      one,
      'POST',
      '/api/projects/',
      { client: client.json().id, name: 'Pooled site' },
      tokens[0],
    );
    expect(project.status, project.text).toBe(201);
    const estimate = await call(
      two,
      'POST',
      '/api/estimates/',
      { project: project.json().id, name: 'Phase one', description: 'Pooled' },
      tokens[1],
    );
    expect(estimate.status, estimate.text).toBe(201);
    const estimateId = Number(estimate.json().id);

    // How many clients PgBouncer held, and how many waited for a server connection.
    const name = new URL(databaseUrl).pathname.slice(1);
    const adminConsole = new URL(bouncerUrl);
    adminConsole.pathname = '/pgbouncer';
    let sampling = true;
    const peak = { clients: 0, waiting: 0, servers: 0 };
    const sampler = (async () => {
      while (sampling) {
        const pools = await query<Record<string, string>>(adminConsole.toString(), 'SHOW POOLS');
        const pool = pools.find((row) => row.database === name);
        if (pool) {
          const n = (column: string) => Number(pool[column] ?? 0);
          peak.clients = Math.max(peak.clients, n('cl_active') + n('cl_waiting'));
          peak.waiting = Math.max(peak.waiting, n('cl_waiting'));
          peak.servers = Math.max(peak.servers, n('sv_active') + n('sv_idle') + n('sv_used'));
        }
        await sleep(20);
      }
    })();

    // 16 at a time over both portals: writes, lists, the estimate's named statements, tokens.
    const failures: string[] = [];
    let created = 0;
    const worker = async (n: number) => {
      const portal = n % 2 === 0 ? one : two;
      const token = tokens[n % tokens.length];
      for (let i = 0; i < 12; i++) {
        const step = (n + i) % 4;
        const [method, url, body, expected] =
          step === 0
            ? ['POST', '/api/clients/', { name: `Pooled ${n}-${i}` }, 201]
            : step === 1
              ? ['GET', '/api/clients/?page_size=5', undefined, 200]
              : step === 2
                ? ['GET', `/api/estimates/${estimateId}/`, undefined, 200]
                : ['GET', '/api/users/auth/', undefined, 200];
        const res = await call(portal, method, url, body, token).catch((error: unknown) => ({
          status: 0,
          text: String(error),
        }));
        if (res.status === 201) created++;
        if (res.status !== expected) failures.push(`${method} ${url} → ${res.status} ${res.text}`);
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, n) => worker(n)));
    sampling = false;
    await sampler;

    expect(failures).toEqual([]);
    const [rows] = await query<{ count: number }>(
      databaseUrl,
      "SELECT count(*)::int AS count FROM clients WHERE name LIKE 'Pooled %-%'",
    );
    expect(rows?.count).toBe(created);
    // Clients waited their turn on the server connections, never more than the pool.
    expect(peak.servers).toBeLessThanOrEqual(SERVER_CONNECTIONS);
    expect(peak.clients).toBeGreaterThan(SERVER_CONNECTIONS);
    expect(peak.waiting).toBeGreaterThan(0);
  }, 90_000);

  it('gives up on a locked table at lock_timeout, and serves the rest meanwhile', async () => {
    const [one, two] = portals as [PortalProcess, PortalProcess];
    const token = await login(two);
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE leads IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const waiting = call(two, 'GET', '/api/leads/', undefined, token).then((res) => ({
        ...res,
        ms: Date.now() - started,
      }));
      // Meanwhile the rest is served, by both portals.
      const others: number[] = [];
      for (let i = 0; Date.now() - started < 2_500; i++)
        others.push(
          (await call(i % 2 ? one : two, 'GET', '/api/clients/', undefined, token)).status,
        );
      const locked = await waiting;
      expect(others.length).toBeGreaterThan(2);
      expect(new Set(others)).toEqual(new Set([200]));
      // The 3 s lock_timeout, the role's default: without it the request would wait for
      // the lock (30 s statement_timeout at most).
      expect(locked.status, locked.text).toBe(503);
      expect(locked.headers.get('retry-after')).toBe('5');
      expect(locked.ms).toBeGreaterThanOrEqual(2_900);
      expect(locked.ms).toBeLessThan(8_000);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    expect((await call(two, 'GET', '/api/leads/', undefined, token)).status).toBe(200);
  }, 30_000);

  it('streams a notification to both portals over LISTEN straight to PostgreSQL', async () => {
    const [one, two] = portals as [PortalProcess, PortalProcess];
    const token = await login(one);
    const streams = await Promise.all(
      portals.map((portal) =>
        fetch(`${portal.url}/api/notifications/stream/`, {
          headers: { authorization: `Token ${token}` },
        }),
      ),
    );
    const heard = streams.map(async (stream) => {
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const deadline = setTimeout(() => void reader.cancel(), 10_000);
      while (!/data: .*Ada Lovelace/.test(text)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      clearTimeout(deadline);
      await reader.cancel();
      return text;
    });
    // Through LISTEN on a pooled connection the notification would reach whichever client
    // used that server connection next, not the streams.
    const lead = await call(two, 'POST', '/api/leads/', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@engines.test',
    });
    expect(lead.status, lead.text).toBe(201);
    for (const text of await Promise.all(heard))
      expect(text).toMatch(/event: notification\ndata: .*New lead from the website: Ada Lovelace/);
    // The export reads the leads through a cursor, one server connection until it is done.
    const csv = await call(one, 'GET', '/api/leads/export/', undefined, token);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Ada,Lovelace,ada@engines.test');
  }, 30_000);

  it('refuses a signed-out session on the other portal at once (its token cache hears it)', async () => {
    const [one, two] = portals as [PortalProcess, PortalProcess];
    const token = await login(one);
    // Kept by the single-process portal's token cache.
    for (let i = 0; i < 3; i++)
      expect((await call(two, 'GET', '/api/users/auth/', undefined, token)).status).toBe(200);
    const out = await call(one, 'POST', '/api/token-auth/logout/', undefined, token);
    expect(out.status, out.text).toBeLessThan(300);
    expect((await call(two, 'GET', '/api/users/auth/', undefined, token)).status).toBe(401);
  });

  it('answered no request with a 500, and PgBouncer refused nothing the portal sent', () => {
    expect(answers.get(500) ?? 0).toBe(0);
    expect([...answers.values()].reduce((sum, n) => sum + n, 0)).toBeGreaterThan(200);
    const logs = [bouncer?.output() ?? '', ...portals.map((portal) => portal.output())].join('\n');
    expect(logs).not.toMatch(/unsupported startup parameter|prepared statement/i);
  });
});
