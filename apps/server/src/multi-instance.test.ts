import { spawn } from 'node:child_process';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import * as Y from 'yjs';
import { decodeBinary, encodeBinary, writeDiagram } from '@portal/contract/canvas-live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './paths';
import { startMailCatcher, type MailCatcher } from './test/mail-catcher';
import { startPortal, type PortalProcess } from './test/portal-process';
import { createTestDatabase } from './test/test-app';

/**
 * Two portals started together as `npm run serve` starts them on one fresh PostgreSQL database, behind
 * HAProxy running the repository's own deploy/haproxy.cfg (Debian's `haproxy`; .ci/run installs
 * it). Everything below goes through the proxy. Ports 8850–8859 are this file's.
 */
const PROXY = 'http://127.0.0.1:8850';
const ADMIN = { username: 'admin@process.test', password: 'admin-password-1' };

let databaseUrl: string;
let catcher: MailCatcher;
let portals: PortalProcess[] = [];
let haproxy: ReturnType<typeof spawn> | undefined;

const call = async (method: string, url: string, body?: unknown, token?: string) => {
  const res = await fetch(`${PROXY}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Token ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    servedBy: res.headers.get('x-served-by'),
    requestId: res.headers.get('x-request-id'),
    json: () => JSON.parse(text) as Record<string, unknown>,
  };
};
const login = async () => {
  const res = await call('POST', '/api/token-auth/', ADMIN);
  expect(res.status).toBe(200);
  return String(res.json().token);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * As deploy.md runs an instance: behind the proxy, with a drain longer than the two failed
 * checks a second apart that take a stopping instance out of HAProxy's rotation.
 */
const portalEnv = () => ({
  TRUST_PROXY: '1',
  SMTP_URL: catcher.url,
  PUBLIC_URL: PROXY,
  SHUTDOWN_DRAIN_SECONDS: '4',
});

/** Until HAProxy sends requests to both instances again. */
const untilBothServe = async () => {
  for (let i = 0; i < 150; i++) {
    const seen = new Set<string | null>();
    for (let j = 0; j < 4; j++)
      seen.add(
        await call('GET', '/api/health/ready').then(
          (r) => (r.status === 200 ? r.servedBy : null),
          () => null,
        ),
      );
    if (seen.has('portal1') && seen.has('portal2')) return;
    await sleep(200);
  }
  throw new Error('HAProxy never saw both portals ready');
};

beforeAll(async () => {
  databaseUrl = await createTestDatabase({ empty: true });
  catcher = await startMailCatcher();
  // At the same moment, on an empty database: both want to migrate.
  portals = await Promise.all(
    [8851, 8852].map((port) =>
      startPortal({
        port,
        databaseUrl,
        env: portalEnv(),
      }),
    ),
  );
  haproxy = spawn(
    'haproxy',
    ['-db', '-f', path.resolve(import.meta.dirname, '../../../deploy/haproxy.cfg')],
    {
      env: {
        ...process.env,
        // Debian installs it in /usr/sbin, outside a normal user's PATH.
        PATH: `${process.env.PATH ?? ''}:/usr/sbin`,
        PORTAL_BIND: '127.0.0.1:8850',
        PORTAL_1: '127.0.0.1:8851',
        PORTAL_2: '127.0.0.1:8852',
      },
      stdio: 'ignore',
    },
  );
  // Up once HAProxy's health checks have passed for both instances.
  await untilBothServe();
}, 110_000);

afterAll(async () => {
  haproxy?.kill('SIGTERM');
  for (const portal of portals) portal.signal('SIGTERM');
  await Promise.all(portals.map((portal) => portal.exited));
  await catcher?.close();
}, 30_000);

describe('two instances behind HAProxy', () => {
  it('ran the migrations once though both started together', async () => {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations',
    );
    const admins = await db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM users WHERE is_superuser',
    );
    await db.end();
    expect(rows[0]?.count).toBe(readMigrationFiles({ migrationsFolder }).length);
    expect(admins.rows[0]?.count).toBe(1);
  });

  it('accepts a token from one instance on the other, with the proxy request id', async () => {
    const token = await login();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call('GET', '/api/users/auth/', undefined, token)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.servedBy))).toEqual(new Set(['portal1', 'portal2']));
    expect(answers.every((a) => /^[0-9a-f-]{36}$/i.test(a.requestId ?? ''))).toBe(true);
  });

  it('counts failed logins across both instances', async () => {
    const wrong = { username: 'locked@process.test', password: 'not-the-password' };
    const served = new Set<string | null>();
    for (let i = 0; i < 10; i++) {
      const res = await call('POST', '/api/token-auth/', wrong);
      expect(res.status, `attempt ${i + 1}`).toBe(400);
      served.add(res.servedBy);
    }
    expect(served).toEqual(new Set(['portal1', 'portal2']));
    const eleventh = await call('POST', '/api/token-auth/', wrong);
    expect(eleventh.status).toBe(429);
  });

  it('gives exactly one 409 when two editors save one canvas through different instances', async () => {
    const token = await login();
    const client = await call('POST', '/api/clients/', { name: 'Scale Co' }, token);
    expect(client.status).toBe(201);
    const canvas = await call(
      'POST',
      '/api/canvas/',
      { name: 'Shared model', client_id: client.json().id, data: '' },
      token,
    );
    expect(canvas.status).toBe(201);
    const { id, version } = canvas.json();
    const saves = await Promise.all(
      ['Saved by A', 'Saved by B'].map((name) =>
        call('PATCH', `/api/canvas/${String(id)}/`, { name, version }, token),
      ),
    );
    expect(new Set(saves.map((s) => s.servedBy))).toEqual(new Set(['portal1', 'portal2']));
    expect(saves.map((s) => s.status).sort()).toEqual([200, 409]);
  });

  it('shares a canvas being edited live between editors on different instances', async () => {
    const token = await login();
    const client = await call('POST', '/api/clients/', { name: 'Live Co' }, token);
    const canvas = await call(
      'POST',
      '/api/canvas/',
      { name: 'Live model', client_id: client.json().id, data: '' },
      token,
    );
    const id = String(canvas.json().id);
    // One editor on each instance, and one through the proxy as the browser has it.
    const streams = await Promise.all(
      ['http://127.0.0.1:8851', 'http://127.0.0.1:8852', PROXY].map((base) =>
        fetch(`${base}/api/canvas/${id}/live/stream/`, {
          headers: { authorization: `Token ${token}` },
        }),
      ),
    );
    const readers = streams.map((stream) => {
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      return {
        until: async (pattern: RegExp) => {
          while (!pattern.test(text)) {
            const { value, done } = await reader.read();
            if (done) break;
            text += decoder.decode(value);
          }
          return text;
        },
        close: () => reader.cancel(),
      };
    });
    const first = await readers[0]!.until(/event: state\ndata: .*\n\n/);
    const state = JSON.parse(/event: state\ndata: (.*)\n/.exec(first)![1]!) as { state: string };
    // A model added by the editor on the first instance, its change sent through the proxy.
    const doc = new Y.Doc();
    Y.applyUpdate(doc, decodeBinary(state.state));
    const before = Y.encodeStateVector(doc);
    writeDiagram(doc, {
      nodes: [
        {
          id: 'shared',
          type: 'model',
          position: { x: 0, y: 0 },
          data: { title: 'Shared across instances', fields: [], relations: [] },
        },
      ],
      edges: [],
    });
    const update = encodeBinary(Y.encodeStateAsUpdate(doc, before));
    const sent = await call('POST', `/api/canvas/${id}/live/update/`, { update }, token);
    expect(sent.status).toBe(200);
    for (const reader of readers) {
      const text = await reader.until(/event: update\ndata: /);
      expect(text).toContain(`"update":"${update}"`);
    }
    await Promise.all(readers.map((reader) => reader.close()));
    // And written back as the canvas's diagram once the edits pause, whichever instance does.
    for (let i = 0; i < 40; i++) {
      const stored = await call('GET', `/api/canvas/${id}/`, undefined, token);
      if (String(stored.json().data).includes('Shared across instances')) return;
      await sleep(250);
    }
    throw new Error('the live change was never written back');
  }, 30_000);

  it('delivers a queued email once though both instances run an outbox worker', async () => {
    const res = await call('POST', '/api/password-reset/', { email: ADMIN.username });
    expect(res.status).toBe(200);
    for (let i = 0; i < 50 && catcher.to(ADMIN.username).length === 0; i++) await sleep(200);
    // Both workers poll every 5 s: give each a full round to send it again if it were going to.
    await sleep(5_500);
    expect(catcher.to(ADMIN.username)).toHaveLength(1);
  }, 30_000);

  // Last: the lead it takes emails the admin, which the test above counts.
  it('streams a notification committed on one instance to listeners on both', async () => {
    const token = await login();
    // One stream straight to each instance (the proxy would pick one for both).
    const streams = await Promise.all(
      [8851, 8852].map((port) =>
        fetch(`http://127.0.0.1:${port}/api/notifications/stream/`, {
          headers: { authorization: `Token ${token}` },
        }),
      ),
    );
    const heard = streams.map(async (stream) => {
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      while (!/data: .*Ada Lovelace/.test(text)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      await reader.cancel();
      return text;
    });
    // The website form, through the proxy: whichever instance takes it, both tell the admin.
    const lead = await call('POST', '/api/leads/', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@engines.test',
    });
    expect(lead.status).toBe(201);
    for (const text of await Promise.all(heard))
      expect(text).toMatch(/event: notification\ndata: .*New lead from the website: Ada Lovelace/);
  }, 30_000);

  // Last: it restarts both instances.
  it('loses no request while both instances restart one after the other under load', async () => {
    const token = await login();
    const answers = new Map<number, number>();
    const failures: string[] = [];
    let created = 0;
    let running = true;
    // Steady mixed load: writes (a client each) and reads, six at a time.
    const client = async (n: number) => {
      for (let i = 0; running; i++) {
        const write = i % 3 === 0;
        const res = await (
          write
            ? call('POST', '/api/clients/', { name: `Rolling ${n}-${i}` }, token)
            : call('GET', '/api/clients/?page_size=5', undefined, token)
        ).catch((error: unknown) => ({ status: 0, error: String(error) }));
        answers.set(res.status, (answers.get(res.status) ?? 0) + 1);
        if (write && res.status === 201) created++;
        if (res.status !== (write ? 201 : 200))
          failures.push(
            `${write ? 'POST' : 'GET'} → ${res.status} ${'error' in res ? res.error : ''}`,
          );
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, (_, n) => client(n)));

    for (const index of [0, 1]) {
      await sleep(1_000);
      const stopping = portals[index]!;
      const status = (path: string) =>
        fetch(`${stopping.url}${path}`).then(
          (res) => res.status,
          () => 0,
        );
      stopping.signal('SIGTERM');
      // It drains first: still serving, no longer ready…
      await expect.poll(() => status('/api/health/ready'), { timeout: 10_000 }).toBe(503);
      expect(await status('/api/health/live')).toBe(200);
      // …then stops listening (its port free for the next one), then exits.
      await expect.poll(() => status('/api/health/live'), { timeout: 30_000 }).toBe(0);
      await stopping.exited;
      portals[index] = await startPortal({
        port: 8851 + index,
        databaseUrl,
        env: portalEnv(),
      });
      await untilBothServe();
    }
    await sleep(1_000);
    running = false;
    await load;

    expect(failures).toEqual([]);
    const total = [...answers.values()].reduce((sum, n) => sum + n, 0);
    expect(total).toBeGreaterThan(300);
    // Every write answered 201 is there, once.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM clients WHERE name LIKE 'Rolling %'",
    );
    await db.end();
    expect(rows[0]?.count).toBe(created);
  }, 300_000);
});
