import http from 'node:http';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal } from './test/portal-process';
import { startS3Server } from './test/s3-server';
import { createTestDatabase } from './test/test-app';

// Ports 8860–8869 are this file's (the multi-instance test uses 8850–8859).
let databaseUrl: string;
beforeAll(async () => {
  databaseUrl = await createTestDatabase({ empty: true });
});

/**
 * Each test starts the server as an operator does (Node on the compiled bundle): under a second on
 * a quiet machine, many seconds beside the rest of the suite on two cores. The budgets follow a
 * loaded machine rather than the tests dropping the work (decision 0043).
 */
const START_MS = 90_000;
const PROCESS_TEST_MS = 150_000;

const sleep = (ms: number) =>
  new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms));

/** One request on its own connection, as a client that does not reuse sockets sends it. */
const send = (url: string, method: string, body: unknown, token?: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      url,
      {
        method,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Token ${token}` } : {}),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });

describe('the server process', () => {
  it('finishes every accepted write when stopped with SIGTERM in the middle of a burst', async () => {
    const portal = await startPortal({ port: 8860, databaseUrl });
    const login = await send(`${portal.url}/api/token-auth/`, 'POST', {
      username: 'admin@process.test',
      password: 'admin-password-1',
    });
    const { token } = JSON.parse(login.body) as { token: string };

    // Keep ~12 writes in flight; SIGTERM once 30 have been answered; keep sending after it.
    type Outcome = { name: string; status?: number; id?: number; error?: string };
    const outcomes: Outcome[] = [];
    let answered = 0;
    let signalled = false;
    let next = 0;
    const writer = async () => {
      while (next < 150) {
        const name = `Burst client ${next++}`;
        const outcome: Outcome = { name };
        outcomes.push(outcome);
        try {
          const res = await send(`${portal.url}/api/clients/`, 'POST', { name }, token);
          outcome.status = res.status;
          if (res.status === 201) outcome.id = (JSON.parse(res.body) as { id: number }).id;
          if (++answered === 30) {
            signalled = true;
            portal.signal('SIGTERM');
          }
        } catch (error) {
          outcome.error = (error as NodeJS.ErrnoException).code ?? String(error);
          // The server has stopped listening: refused, or reset while still in the kernel's
          // backlog, never read. Nothing more will get in.
          if (signalled) return;
        }
      }
    };
    await Promise.all(Array.from({ length: 12 }, writer));
    expect(signalled).toBe(true);
    expect(await portal.exited, portal.output()).toBe(0);

    const created = outcomes.filter((o) => o.status === 201);
    // Requests read after the close began are turned away whole with a 503, never half done.
    const others = outcomes.filter((o) => o.status !== undefined && o.status !== 201);
    expect(others.filter((o) => o.status !== 503)).toEqual([]);
    // More than the 30 before the signal: the ones in flight were finished, not dropped.
    expect(created.length).toBeGreaterThan(30);

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ id: number; name: string }>(
      `SELECT id, name FROM clients WHERE name LIKE 'Burst client %'`,
    );
    await db.end();
    // Every answered write is there, and nothing that was not answered: no write committed and
    // then reported to its client as a failure.
    expect(rows.map((r) => `${r.id} ${r.name}`).sort()).toEqual(
      created.map((o) => `${o.id} ${o.name}`).sort(),
    );
  }, 120_000);

  it(
    'ends open notification streams on SIGTERM and exits promptly and cleanly',
    async () => {
      const portal = await startPortal({ port: 8861, databaseUrl });
      const login = await send(`${portal.url}/api/token-auth/`, 'POST', {
        username: 'admin@process.test',
        password: 'admin-password-1',
      });
      const { token } = JSON.parse(login.body) as { token: string };
      const stream = await fetch(`${portal.url}/api/notifications/stream/`, {
        headers: { authorization: `Token ${token}` },
      });
      expect(stream.status).toBe(200);
      const reader = stream.body!.getReader();
      await reader.read();
      const started = Date.now();
      portal.signal('SIGTERM');
      // The stream ends (it does not hang until the shutdown timeout cuts it).
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
      expect(await portal.exited, portal.output()).toBe(0);
      expect(Date.now() - started).toBeLessThan(8_000);
    },
    PROCESS_TEST_MS,
  );

  it(
    'rolls back a request cut at the shutdown deadline instead of committing it later',
    async () => {
      const portal = await startPortal({
        port: 8864,
        databaseUrl,
        env: { SHUTDOWN_TIMEOUT_SECONDS: '1' },
      });
      const login = await send(`${portal.url}/api/token-auth/`, 'POST', {
        username: 'admin@process.test',
        password: 'admin-password-1',
      });
      const { token } = JSON.parse(login.body) as { token: string };
      // A write that waits on a lock held here, past the deadline.
      const locker = new pg.Client({ connectionString: databaseUrl });
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE clients IN ACCESS EXCLUSIVE MODE');
      const lockerPid = (await locker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))
        .rows[0]?.pid;
      const pending = send(
        `${portal.url}/api/clients/`,
        'POST',
        { name: 'Cut at the deadline' },
        token,
      )
        .then((res) => res.status)
        .catch(() => 'cut');
      // Stopped once the create is waiting on the lock (not after a guessed delay). Watched from
      // a connection of its own: inside the locker's transaction pg_stat_activity stays as it was
      // first read.
      const watcher = new pg.Client({ connectionString: databaseUrl });
      await watcher.connect();
      const waitingOnLock = async () => {
        const { rows } = await watcher.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return rows[0]?.waiting;
      };
      await expect.poll(waitingOnLock, { timeout: START_MS }).toBe(1);
      portal.signal('SIGTERM');
      const code = await portal.exited;
      expect({ code, answer: await pending }, portal.output()).toEqual({ code: 1, answer: 'cut' });
      await locker.query('COMMIT');
      // The portal's connections are gone with its process: none is left to commit later.
      const others = async () => {
        const { rows } = await watcher.query<{ others: number }>(
          `SELECT count(*)::int AS others FROM pg_stat_activity
            WHERE datname = current_database() AND pid NOT IN (pg_backend_pid(), $1)`,
          [lockerPid],
        );
        return rows[0]?.others;
      };
      await expect.poll(others, { timeout: START_MS }).toBe(0);
      const { rows } = await locker.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM clients WHERE name = 'Cut at the deadline'",
      );
      await Promise.all([locker.end(), watcher.end()]);
      expect(rows[0]?.count).toBe(0);
    },
    PROCESS_TEST_MS,
  );

  it(
    'waits for a database it cannot reach, then says so in one line and exits',
    async () => {
      const started = Date.now();
      const portal = await startPortal({
        port: 8865,
        databaseUrl: 'postgres://postgres@127.0.0.1:9/none',
        waitReady: false,
        env: { DATABASE_START_TIMEOUT_SECONDS: '2' },
      });
      expect(await Promise.race([portal.exited, sleep(START_MS)]), portal.output()).toBe(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
      const lines = portal.output().trim().split('\n');
      expect(lines.map((line) => line.trim())).toEqual([
        'The database cannot be reached yet (ECONNREFUSED): trying again for up to 2 s.',
        'The database cannot be reached (ECONNREFUSED): check DATABASE_URL and that PostgreSQL is running.',
      ]);
    },
    PROCESS_TEST_MS,
  );

  it(
    'starts once a database that was not there yet answers',
    async () => {
      // PostgreSQL "comes up" after the portal has found it away: a forwarder to it starts
      // listening then (not after a fixed time: a loaded machine can start Node slower than that).
      const port = 8868;
      const forwarder = net.createServer((socket) => {
        const upstream = net.connect(Number(new URL(databaseUrl).port || 5432), '127.0.0.1');
        socket.pipe(upstream).pipe(socket);
        const close = () => (socket.destroy(), upstream.destroy());
        socket.on('error', close);
        upstream.on('error', close);
      });
      const url = new URL(databaseUrl);
      url.port = String(port);
      const portal = await startPortal({
        port: 8867,
        databaseUrl: url.toString(),
        waitReady: false,
        env: { DATABASE_START_TIMEOUT_SECONDS: '60' },
      });
      try {
        await expect
          .poll(() => portal.output(), { timeout: START_MS })
          .toContain('The database cannot be reached yet (ECONNREFUSED)');
        await new Promise<void>((resolve) => forwarder.listen(port, '127.0.0.1', resolve));
        await expect
          .poll(
            () =>
              fetch(`${portal.url}/api/health/ready`).then(
                (res) => res.status,
                () => 0,
              ),
            { timeout: START_MS },
          )
          .toBe(200);
        expect(portal.output()).toContain('The database answers: starting.');
      } finally {
        portal.signal('SIGTERM');
        await portal.exited;
        forwarder.close();
      }
    },
    PROCESS_TEST_MS,
  );

  describe('with S3 storage', () => {
    let s3: Awaited<ReturnType<typeof startS3Server>>;
    let endpoint: string;
    beforeAll(async () => {
      s3 = await startS3Server('portal-media');
      endpoint = s3.endpoint;
    });
    afterAll(() => s3.close());
    const s3Env = (bucket: string, keyId = 'S3RVER') => ({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: keyId,
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });

    it(
      'starts without storage it cannot reach: ready, with storage reported down',
      async () => {
        const portal = await startPortal({
          port: 8863,
          databaseUrl,
          env: { ...s3Env('portal-media'), S3_ENDPOINT: 'http://127.0.0.1:9' },
        });
        try {
          const base = `http://127.0.0.1:8863`;
          expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
          expect((await fetch(`${base}/api/health/storage`)).status).toBe(503);
          expect(portal.output()).toContain('S3 storage: cannot reach bucket "portal-media"');
          expect(portal.output()).toContain('starting without it');
        } finally {
          portal.signal('SIGTERM');
          await portal.exited;
        }
      },
      PROCESS_TEST_MS,
    );

    it(
      'refuses to start on a bucket that does not exist, saying so',
      async () => {
        const portal = await startPortal({
          port: 8861,
          databaseUrl,
          env: s3Env('missing-bucket'),
          waitReady: false,
        });
        const code = await Promise.race([portal.exited, sleep(START_MS)]);
        portal.signal('SIGKILL');
        expect(code, portal.output()).toBe(2);
        expect(portal.output()).toContain(
          `S3 storage: there is no bucket "missing-bucket" at ${endpoint}.`,
        );
      },
      PROCESS_TEST_MS,
    );

    it(
      'refuses to start with credentials the server rejects, saying so',
      async () => {
        const portal = await startPortal({
          port: 8862,
          databaseUrl,
          env: s3Env('portal-media', 'UNKNOWN-KEY'),
          waitReady: false,
        });
        const code = await Promise.race([portal.exited, sleep(START_MS)]);
        portal.signal('SIGKILL');
        expect(code, portal.output()).toBe(2);
        expect(portal.output()).toContain(
          'S3 storage: the credentials were refused for bucket "portal-media"',
        );
      },
      PROCESS_TEST_MS,
    );
  });
});
