import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { enqueueEmail } from '../../mail/outbox';
import { createS3Storage } from '../../storage/s3';
import { useTestApp } from '../../test/test-world';

const METRICS_TOKEN = 'metrics-token-0123456789';
const t = useTestApp({ METRICS_TOKEN });

describe('health', () => {
  it('answers liveness and readiness without a token, with or without the slash', async () => {
    for (const url of ['/api/health/live', '/api/health/live/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
    for (const url of ['/api/health/ready', '/api/health/ready/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', checks: { database: true, migrations: true } });
    }
    const storage = await t.app.inject({ method: 'GET', url: '/api/health/storage' });
    expect(storage.json()).toEqual({ status: 'ok', checks: { storage: true } });
  });

  it('stays ready without storage, which its own probe reports, and answers files with 503', async () => {
    const broken = await buildApp({
      ...t.ctx,
      storage: createS3Storage({
        bucket: 'portal',
        region: 'us-east-1',
        endpoint: 'http://127.0.0.1:9',
        credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
        forcePathStyle: true,
        prefix: '',
      }),
    });
    const ready = await broken.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    const storage = await broken.inject({ method: 'GET', url: '/api/health/storage' });
    expect(storage.statusCode).toBe(503);
    expect(storage.json()).toEqual({ status: 'unavailable', checks: { storage: false } });
    // A file needs storage: 503 with Retry-After, named as storage…
    const file = await broken.inject({ method: 'GET', url: '/media/users/abc.webp' });
    expect(file.statusCode).toBe(503);
    expect(file.headers['retry-after']).toBe('5');
    expect(file.json()).toEqual({
      detail: 'File storage is temporarily unavailable, try again later.',
    });
    // …and what does not need it is served as ever.
    expect((await broken.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    expect((await broken.inject({ method: 'GET', url: '/api/studio/' })).statusCode).toBe(200);
    await broken.close();
  });

  it('answers readiness 503 "draining" while the instance stops, and serves meanwhile', async () => {
    t.app.lifecycle.draining = true;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'draining' });
      expect((await t.app.inject({ method: 'GET', url: '/api/studio/' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
  });

  it('is not ready while a migration of the install is not applied', async () => {
    const [newest] = (
      await t.db.execute<{ id: number; created_at: string }>(
        sql`select id, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )
    ).rows;
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest?.id}`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ checks: { database: true, migrations: false } });
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest?.id}, 'restored', ${newest?.created_at})`,
      );
    }
  });
});

describe('metrics', () => {
  it('refuses without the token or with a wrong one', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789',
      `Token ${METRICS_TOKEN}`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
    }
  });

  it('asks for a bearer token when none is given', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('counts requests by route pattern and status, the pool and the outbox', async () => {
    await t.app.inject({ method: 'GET', url: '/api/config/' });
    await t.app.inject({ method: 'GET', url: '/api/clients/123/' });
    await enqueueEmail(t.db, { to: 'someone@example.com', subject: 'Hi', text: 'Hello' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const body = res.body;
    expect(body).toMatch(
      /portal_http_requests_total\{method="GET",route="\/api\/config\/",status="200"\} 1/,
    );
    // The pattern, not the id: one series however many clients there are.
    expect(body).toMatch(
      /portal_http_requests_total\{method="GET",route="\/api\/clients\/:key\/",status="401"\} 1/,
    );
    expect(body).toContain('portal_http_request_duration_seconds_bucket{le="0.005"');
    expect(body).toMatch(/portal_db_pool_connections\{state="total"\} [1-9]/);
    expect(body).toContain('portal_outbox_messages{state="queued"} 1');
    expect(body).toContain('portal_outbox_messages{state="failed"} 0');
    expect(body).toContain('process_cpu_seconds_total');
  });

  it('is not served at all without METRICS_TOKEN', async () => {
    const plain = await buildApp({
      ...t.ctx,
      config: { ...t.ctx.config, metricsToken: undefined },
    });
    const res = await plain.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    await plain.close();
  });
});

describe('request ids', () => {
  const logged = async (trustProxy: boolean, headers: Record<string, string>) => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = await buildApp(
      { ...t.ctx, config: { ...t.ctx.config, trustProxy } },
      { logger: { level: 'info', stream } },
    );
    const res = await app.inject({ method: 'GET', url: '/api/config/', headers });
    await app.inject({ method: 'GET', url: '/api/health/ready' });
    await app.close();
    return { res, lines };
  };

  it('takes the id from a trusted proxy and puts it on every log line of the request', async () => {
    const { res, lines } = await logged(true, { 'x-request-id': 'lb-7f3a-42' });
    expect(res.headers['x-request-id']).toBe('lb-7f3a-42');
    const ofRequest = lines.filter((line) => line.reqId === 'lb-7f3a-42');
    expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    // Health probes are not logged at info.
    expect(lines.filter((line) => line.req && line.reqId !== 'lb-7f3a-42')).toEqual([]);
  });

  it('makes its own id when no proxy is trusted, or the given one is not a plain token', async () => {
    const untrusted = await logged(false, { 'x-request-id': 'chosen-by-client' });
    expect(untrusted.res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const odd = await logged(true, { 'x-request-id': 'has spaces; and more' });
    const id = odd.res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(odd.lines.filter((line) => line.reqId === id)).toHaveLength(2);
  });
});
