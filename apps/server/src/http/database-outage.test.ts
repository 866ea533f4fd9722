import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { connectDatabase, runMigrations, type DatabaseHandle } from '../db/client';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded';
import { leads } from '../db/schema/index';
import { issueToken } from '../modules/auth/tokens';
import { createStorage } from '../storage/storage';
import { createUser, testConfig } from '../test/test-app';
import { createStudioSource } from '../studio/source';

/**
 * PostgreSQL restarted under load: this file starts its own server (the machine's, or the suite's
 * embedded one, cannot be restarted by a test), stops it while requests are in flight and starts
 * it again on the same port.
 */
let dir: string;
let port: number;
let server: EmbeddedDatabase | null = null;
let database: DatabaseHandle;
let app: App;
let staffToken: string;
const logLines: string[] = [];
const poolErrors: string[] = [];

const startServer = async () => {
  server = await startEmbeddedPostgres(path.join(dir, 'data'), { port });
  return server.url;
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'portal-outage-'));
  port = await freePort();
  const url = await startServer();
  const config = testConfig(url, dir, {
    THROTTLE: 'false',
    DATABASE_POOL_TIMEOUT_MS: '2000',
    // As in production: the token cache's listening connection goes away with the database too.
    TOKEN_CACHE: 'true',
  });
  database = connectDatabase(url, {
    max: 5,
    timeouts: config.databaseTimeouts,
    onError: (error) => poolErrors.push(error.message),
  });
  await runMigrations(database.db);
  const staff = await createUser(database.db, { email: 'ops@studio.test', isSuperuser: true });
  staffToken = (await issueToken(database.db, staff.id, { ttlMs: 3_600_000 })).token;
  app = await buildApp(
    {
      config,
      db: database.db,
      mail: { flush: async () => 0, poke: () => {} },
      storage: await createStorage(config),
      studio: createStudioSource(database.db, config),
    },
    { logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } } },
  );
  await app.ready();
}, 120_000);

/**
 * Teardown after a deliberate outage: a pool client the restart cut off may never settle (seen
 * once in CI, with every assertion passed), so each step gets a deadline and says what it waited
 * for, and the embedded server is stopped whatever happened before.
 */
const settleWithin = async (what: string, step: Promise<unknown> | undefined) => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.warn(`database-outage teardown: ${what} did not finish within 15 s`);
      resolve();
    }, 15_000);
  });
  await Promise.race([step, late]);
  clearTimeout(timer);
};

afterAll(async () => {
  await settleWithin('app.close()', app?.close());
  await settleWithin('the pool', database?.close());
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

type Outcome = { status: number; email: string; retryAfter: unknown; body: unknown };

describe('PostgreSQL restarted while requests are in flight', () => {
  it('answers 503 while it is away, recovers by itself, and loses nothing committed', async () => {
    const outcomes: Outcome[] = [];
    let running = true;
    let n = 0;
    // Four clients posting leads back to back, each lead with an email of its own.
    const client = async () => {
      while (running) {
        const email = `lead-${n++}@example.test`;
        const res = await app.inject({
          method: 'POST',
          url: '/api/leads/',
          headers: { authorization: `Token ${staffToken}` },
          payload: { first_name: 'Load', last_name: 'Test', email },
        });
        outcomes.push({
          status: res.statusCode,
          email,
          retryAfter: res.headers['retry-after'],
          body: res.json(),
        });
      }
    };
    const load = Promise.all([client(), client(), client(), client()]);
    const until = async (done: () => boolean | Promise<boolean>, ms: number) => {
      const end = Date.now() + ms;
      while (!(await done())) {
        if (Date.now() > end) throw new Error('timed out');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    try {
      await until(() => outcomes.filter((o) => o.status === 201).length >= 20, 20_000);
      await server!.stop();
      server = null;
      await until(() => outcomes.filter((o) => o.status === 503).length >= 10, 20_000);
      await startServer();
      const recovered = outcomes.length;
      await until(
        () => outcomes.slice(recovered).filter((o) => o.status === 201).length >= 20,
        60_000,
      );
    } finally {
      running = false;
      await load;
    }

    // Only successes and 503s: never a 500, never a hang.
    expect(new Set(outcomes.map((o) => o.status))).toEqual(new Set([201, 503]));
    for (const o of outcomes.filter((x) => x.status === 503)) {
      expect(o.retryAfter).toBe('5');
      expect(o.body).toEqual({ detail: expect.any(String) });
    }
    // Every lead the API said it created is there after the restart.
    const created = outcomes.filter((o) => o.status === 201).map((o) => o.email);
    const stored = await database.db
      .select({ email: leads.email })
      .from(leads)
      .where(inArray(leads.email, created));
    expect(stored.map((row) => row.email).sort()).toEqual([...created].sort());

    // One line for the outage and one for its end, whatever the number of failed requests, and
    // no query parameters (the emails posted, the token) anywhere in the log.
    const log = logLines.join('\n');
    const outageLines = logLines.filter((line) => /database (un)?reachable/.test(line)).join('');
    expect(log.match(/database unreachable/g), outageLines).toHaveLength(1);
    expect(log.match(/database reachable again/g), outageLines).toHaveLength(1);
    // The token cache's lost connection: one line, without a stack, not one per request.
    expect((log.match(/token cache: no listening connection/g) ?? []).length).toBeLessThanOrEqual(
      1,
    );
    expect(log).not.toMatch(/"stack"/);
    expect(log).not.toMatch(/lead-\d+@example\.test/);
    expect(log).not.toContain('params:');
    expect(log).not.toContain(staffToken);
    // Idle pooled connections dropped by the shutdown are reported once, not once each.
    expect(poolErrors.length, poolErrors.join(' / ')).toBeLessThanOrEqual(1);
  }, 120_000);
});
