import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeadWorld, type LeadWorld } from '../modules/leads/test-helpers';
import { createTestApp, type TestContext } from '../test/test-app';
import { classifyDatabaseError, databaseAwareErrorHandler } from './database-errors';

const TOO_LONG = { detail: 'The request took too long, try again later.' };

/** A second connection that holds an exclusive lock on `leads` until released. */
const lockLeads = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  await client.query('LOCK TABLE leads IN ACCESS EXCLUSIVE MODE');
  return async () => {
    await client.query('ROLLBACK');
    await client.end();
  };
};

const databaseUrl = (t: TestContext) => {
  const pool = (t.db as { $client?: pg.Pool }).$client;
  const options = pool?.options as { connectionString?: string } | undefined;
  if (!options?.connectionString) throw new Error('no pool');
  return options.connectionString;
};

describe('a slow or busy database answers 503, never hangs', () => {
  let t: TestContext;
  let w: LeadWorld;
  beforeAll(async () => {
    // The pool's timeout stays the default here: pg-pool's one timeout covers opening a
    // connection too, and on a busy machine opening one took longer than 300 ms (a timeout of
    // its own, in this file's setup). The pool test shortens it once its connections are open.
    t = await createTestApp({
      DATABASE_STATEMENT_TIMEOUT_MS: '400',
      DATABASE_LOCK_TIMEOUT_MS: '250',
    });
    w = await createLeadWorld(t, 'slow');
  });
  afterAll(() => t.close());

  it('a long lock on a table: 503 with Retry-After once lock_timeout passes', async () => {
    const release = await lockLeads(databaseUrl(t));
    try {
      const started = Date.now();
      const res = await w.as('staff').get('/api/leads/');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(TOO_LONG);
      expect(res.headers['retry-after']).toBe('5');
      expect(Date.now() - started).toBeLessThan(3_000);
      // Other tables still answer.
      expect((await w.as('staff').get('/api/users/auth/')).statusCode).toBe(200);
    } finally {
      await release();
    }
    expect((await w.as('staff').get('/api/leads/')).statusCode).toBe(200);
  });

  it('every pooled connection busy: 503 after the pool timeout', async () => {
    const pool = (t.db as { $client?: pg.Pool }).$client!;
    const held = await Promise.all(Array.from({ length: 5 }, () => pool.connect()));
    // What DATABASE_POOL_TIMEOUT_MS=300 would set; pg-pool reads it at each checkout.
    const options = pool.options as { connectionTimeoutMillis?: number };
    const configured = options.connectionTimeoutMillis;
    options.connectionTimeoutMillis = 300;
    try {
      const res = await w.as('staff').get('/api/leads/');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(TOO_LONG);
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      options.connectionTimeoutMillis = configured;
      for (const client of held) client.release();
    }
    expect((await w.as('staff').get('/api/leads/')).statusCode).toBe(200);
  });
});

describe('classifyDatabaseError', () => {
  const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  const wrapped = (cause: Error) =>
    Object.assign(new Error('Failed query: select 1\nparams: secret'), { cause });

  it('tells timeouts, an unreachable server and the request’s own errors apart', () => {
    for (const code of ['57014', '55P03', '25P03', '40P01'])
      expect(classifyDatabaseError(wrapped(pgError(code)))).toBe('timeout');
    for (const code of ['57P01', '08006', '08001', 'ECONNREFUSED', '53300'])
      expect(classifyDatabaseError(wrapped(pgError(code)))).toBe('unavailable');
    expect(classifyDatabaseError(new Error('Connection terminated unexpectedly'))).toBe(
      'unavailable',
    );
    for (const code of ['23505', '22P02', '42P01'])
      expect(classifyDatabaseError(wrapped(pgError(code)))).toBeNull();
    expect(classifyDatabaseError(new TypeError('x is undefined'))).toBeNull();
  });
});

describe('one outage, one line in the log', () => {
  const serverError = (code: string, message: string) =>
    Object.assign(new Error(message), { code });
  const shutdown = serverError('57P01', 'terminating connection due to administrator command');
  const startingUp = serverError('57P03', 'the database system is starting up');

  /** An app whose one route fails with the error it is handed, when the test says so. */
  const outageApp = () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { stream: { write: (line: string) => lines.push(line) } } });
    // A pool that never connects: the test emits its 'connect' as the recovery.
    const pool = new pg.Pool();
    app.setErrorHandler(databaseAwareErrorHandler(pool, app.log));
    const pending = new Map<string, (error: Error) => void>();
    app.get<{ Params: { id: string } }>('/fail/:id', async (request) => {
      throw await new Promise<Error>((resolve) => pending.set(request.params.id, resolve));
    });
    const started = async (id: string) => {
      const response = app.inject({ method: 'GET', url: `/fail/${id}` });
      while (!pending.has(id)) await new Promise((resolve) => setImmediate(resolve));
      return { fail: async (error: Error) => (pending.get(id)!(error), response) };
    };
    const outageLines = () => lines.filter((line) => /database (un)?reachable/.test(line));
    return { app, pool, started, outageLines };
  };

  it('a request begun during the outage and failing after the recovery starts no new one', async () => {
    const { app, pool, started, outageLines } = outageApp();
    const first = await started('first');
    const late = await started('late');
    expect((await first.fail(shutdown)).statusCode).toBe(503);
    pool.emit('connect');
    // Its connection was refused while the server was starting, and answered after another
    // client connected.
    expect((await late.fail(startingUp)).statusCode).toBe(503);
    expect(outageLines().map((line) => JSON.parse(line).msg)).toEqual([
      'database unreachable: answering 503',
      'database reachable again',
    ]);

    // A request begun after the recovery that finds the database gone again: a new outage.
    const next = await started('next');
    expect((await next.fail(shutdown)).statusCode).toBe(503);
    expect(outageLines()).toHaveLength(3);
    await app.close();
  });

  it('a restart while the app was idle, noticed by a late answer, is no outage', async () => {
    const { app, pool, started, outageLines } = outageApp();
    const late = await started('late');
    // Another client connected to the restarted server before the late answer arrived.
    pool.emit('connect');
    expect((await late.fail(startingUp)).statusCode).toBe(503);
    expect(outageLines()).toEqual([]);
    // The next outage is still logged.
    const next = await started('next');
    expect((await next.fail(shutdown)).statusCode).toBe(503);
    expect(outageLines().map((line) => JSON.parse(line).msg)).toEqual([
      'database unreachable: answering 503',
    ]);
    await app.close();
  });
});
