import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { leads } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';
import { useTestWorld } from '../../test/test-world';
import { createLeadWorld, THANKS } from './test-helpers';

const SITE = 'https://www.studio.example';
const form = { first_name: 'Web', last_name: 'Visitor', email: 'web@visitor.example' };

const { t, w } = useTestWorld(createLeadWorld, 'wf', {
  LEAD_FORM_ORIGINS: `${SITE}, https://studio.example/`,
});

beforeAll(() => {
  // THROTTLE is on by default, as in production.
  expect(t.ctx.config.throttle).toBe(true);
});

const leadCount = async () =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(leads))[0]?.n ?? 0;

const preflight = (app: TestContext['app'], url: string, origin: string) =>
  app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  });

const expectThrottled = (res: LightMyRequestResponse) => {
  expect(res.statusCode).toBe(429);
  const retry = Number(res.headers['retry-after']);
  expect(retry).toBeGreaterThan(3500);
  expect(retry).toBeLessThanOrEqual(3600);
  expect(res.json()).toEqual({
    detail: `Request was throttled. Expected available in ${retry} seconds.`,
  });
};

describe('website form throttling', () => {
  it('takes 10 submissions an hour from one address, then answers 429 with Retry-After', async () => {
    const ip = '203.0.113.7';
    const before = await leadCount();
    for (let i = 0; i < 10; i++) {
      const res = await w
        .as('visitor')
        .post(
          '/api/leads/',
          { ...form, first_name: `N${i}`, email: `n${i}@throttle.example` },
          { ip },
        );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual(THANKS);
    }
    expectThrottled(await w.as('visitor').post('/api/leads/', form, { ip }));
    expect(await leadCount()).toBe(before + 10);

    // Another address is not affected, and staff are never throttled.
    const other = await w.as('visitor').post('/api/leads/', form, { ip: '203.0.113.8' });
    expect(other.statusCode).toBe(201);
    for (let i = 0; i < 3; i++) {
      const res = await w.as('staff').post('/api/leads/', form, { ip });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ email: form.email, status: 'new' });
    }
  });

  it('counts honeypot and invalid submissions too', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 5; i++)
      await w.as('visitor').post('/api/leads/', { ...form, website: 'spam' }, { ip });
    for (let i = 0; i < 5; i++) {
      const res = await w.as('visitor').post('/api/leads/', { email: 'bad' }, { ip });
      expect(res.statusCode).toBe(400);
    }
    expectThrottled(await w.as('visitor').post('/api/leads/', form, { ip }));
  });
});

describe('website form sizes and formats', () => {
  it('refuses an oversized body (413) and a non-JSON one (415) without storing anything', async () => {
    const before = await leadCount();
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/leads/',
      remoteAddress: '192.0.2.50',
      payload: { ...form, message: 'x'.repeat(300 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ detail: 'Request body is too large.' });
    const urlencoded = await t.app.inject({
      method: 'POST',
      url: '/api/leads/',
      remoteAddress: '192.0.2.51',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'first_name=A&last_name=B&email=a%40b.example',
    });
    expect(urlencoded.statusCode).toBe(415);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/leads/',
      remoteAddress: '192.0.2.52',
      headers: { 'content-type': 'application/json' },
      payload: '{"first_name": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(Object.keys(broken.json())).toEqual(['detail']);
    expect(await leadCount()).toBe(before);
  });

  it('is documented in the OpenAPI schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/schema/' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/leads/'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/leads/{key}/'] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'patch',
      'put',
    ]);
    expect(Object.keys(paths['/api/lead-comments/'] ?? {}).sort()).toEqual(['get', 'post']);
  });
});

describe('website form CORS (LEAD_FORM_ORIGINS)', () => {
  it('reads the origins from the configuration, normalised', () => {
    expect(t.ctx.config.leadFormOrigins).toEqual([SITE, 'https://studio.example']);
    expect(loadConfig({ DATA_DIR: '/tmp/x', SECRET_KEY: 'k'.repeat(32) }).leadFormOrigins).toEqual(
      [],
    );
    expect(
      loadConfig({ DATA_DIR: '/tmp/x', SECRET_KEY: 'k'.repeat(32), LEAD_FORM_ORIGINS: '*' })
        .leadFormOrigins,
    ).toEqual(['*']);
    for (const bad of ['www.studio.example', 'https://studio.example/contact', 'ftp://x.example']) {
      expect(() =>
        loadConfig({ DATA_DIR: '/tmp/x', SECRET_KEY: 'k'.repeat(32), LEAD_FORM_ORIGINS: bad }),
      ).toThrow(ConfigError);
    }
  });

  it('answers the preflight of a listed origin for the create path only', async () => {
    const ok = await preflight(t.app, '/api/leads/', SITE);
    expect(ok.statusCode).toBe(204);
    expect(ok.headers).toMatchObject({
      'access-control-allow-origin': SITE,
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'Content-Type, Idempotency-Key',
      'access-control-max-age': '86400',
    });
    expect(String(ok.headers.vary)).toContain('Origin');

    const stranger = await preflight(t.app, '/api/leads/', 'https://evil.example');
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();

    for (const url of ['/api/leads/1/', '/api/lead-comments/', '/api/users/auth/']) {
      const res = await preflight(t.app, url, SITE);
      expect(res.statusCode).toBe(404);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('lets a listed origin read the answer to the form, success or not', async () => {
    const headers = { origin: SITE };
    const created = await w.as('visitor').post('/api/leads/', form, { headers });
    expect(created.statusCode).toBe(201);
    expect(created.headers['access-control-allow-origin']).toBe(SITE);
    expect(created.headers['access-control-allow-credentials']).toBeUndefined();

    const invalid = await w.as('visitor').post('/api/leads/', { email: 'x' }, { headers });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['access-control-allow-origin']).toBe(SITE);

    const ip = '198.51.100.1';
    for (let i = 0; i < 10; i++) await w.as('visitor').post('/api/leads/', form, { ip, headers });
    const throttled = await w.as('visitor').post('/api/leads/', form, { ip, headers });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['access-control-allow-origin']).toBe(SITE);
    expect(throttled.headers['access-control-expose-headers']).toBe(
      'Retry-After, Idempotent-Replayed',
    );

    // The rest of the API stays same-origin.
    const list = await w.as('staff').get('/api/leads/');
    expect(list.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('website form CORS with * and with nothing configured', () => {
  it('allows any origin with *', async () => {
    const any = await createTestApp({ LEAD_FORM_ORIGINS: '*' });
    try {
      const res = await preflight(any.app, '/api/leads/', 'https://anyone.example');
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
    } finally {
      await any.close();
    }
  });

  it('allows no other origin by default', async () => {
    const none = await createTestApp();
    try {
      const res = await preflight(none.app, '/api/leads/', SITE);
      expect(res.statusCode).toBe(404);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const post = await none.app.inject({
        method: 'POST',
        url: '/api/leads/',
        headers: { origin: SITE },
        payload: form,
      });
      expect(post.statusCode).toBe(201);
      expect(post.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await none.close();
    }
  });
});
