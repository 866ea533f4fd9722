import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { leads } from '../db/schema/index';
import { createLeadWorld, insertLead } from '../modules/leads/test-helpers';
import { useTestWorld } from '../test/test-world';

const { t, w } = useTestWorld(createLeadWorld, 'wire');
let staffAuth: Record<string, string>;

beforeAll(async () => {
  staffAuth = { authorization: `Token ${w.tokens.staff}` };
});

describe('wire conventions, as DRF answers them', () => {
  it('415 names the unsupported media type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token-auth/',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a&password=b',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: 'Unsupported media type "text/plain" in request.' });
  });

  it('405 with Allow for a method the route does not have; OPTIONS lists them', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/token-auth/' });
    expect(get.statusCode).toBe(405);
    expect(get.json()).toEqual({ detail: 'Method "GET" not allowed.' });
    expect(get.headers.allow).toBe('POST, OPTIONS');
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/auth/',
      headers: staffAuth,
    });
    expect(del.statusCode).toBe(405);
    expect(del.json()).toEqual({ detail: 'Method "DELETE" not allowed.' });
    expect(del.headers.allow).toContain('GET');
    const lead = await insertLead(t);
    const put = await t.app.inject({ method: 'POST', url: `/api/leads/${lead.id}/`, payload: {} });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD, PUT, PATCH, DELETE, OPTIONS');
    const options = await t.app.inject({ method: 'OPTIONS', url: '/api/token-auth/' });
    expect(options.statusCode).toBe(200);
    expect(options.headers.allow).toBe('POST, OPTIONS');
    // A path that exists under no method stays a 404.
    const none = await t.app.inject({ method: 'GET', url: '/api/no-such-thing/' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: 'Not found.' });
  });

  it('redirects a GET without the trailing slash, as APPEND_SLASH does', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/leads?status=new',
      headers: staffAuth,
    });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/api/leads/?status=new');
    const post = await t.app.inject({ method: 'POST', url: '/api/leads', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('reads an empty JSON body as no body: DELETE answers 204', async () => {
    const lead = await insertLead(t);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/leads/${lead.id}/`,
      headers: { ...staffAuth, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(leads).where(eq(leads.id, lead.id))).toEqual([]);
    // A create with an empty body names the required fields, as DRF does for `{}`.
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/token-auth/',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(create.statusCode).toBe(400);
    expect(Object.keys(create.json()).sort()).toEqual(['password', 'username']);
  });

  it('answers malformed JSON, __proto__ keys and oversized bodies with a 4xx detail', async () => {
    const cases: [string, number][] = [
      ['{"email": ', 400],
      ['{"__proto__": {"isAdmin": true}}', 400],
      ['{"constructor": {"prototype": {"isAdmin": true}}}', 400],
      [JSON.stringify({ email: 'x'.repeat(10 * 1024 * 1024) }), 413],
    ];
    for (const [payload, status] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/token-auth/',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload.slice(0, 40)).toBe(status);
      expect(res.json()).toHaveProperty('detail');
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('takes the last of duplicate query keys, as QueryDict.get does', async () => {
    await insertLead(t, { status: 'contacted' });
    const res = await w.as('staff').get('/api/leads/?status=bogus&status=contacted&page_size=1');
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toMatchObject({ status: 'contacted' });
  });

  it('caps page_size at 100 instead of refusing it', async () => {
    const res = await w.as('staff').get('/api/leads/?page_size=5000');
    expect(res.statusCode).toBe(200);
  });

  it('names a record only by its canonical decimal id', async () => {
    const lead = await insertLead(t);
    expect((await w.as('staff').get(`/api/leads/${lead.id}/`)).statusCode).toBe(200);
    for (const id of [
      `0x${lead.id.toString(16)}`,
      `${lead.id}%20`,
      `%20${lead.id}`,
      `0${lead.id}`,
      `${lead.id}.0`,
      `${lead.id}e0`,
      `+${lead.id}`,
      '2147483648',
      '99999999999999999999999',
      '-1',
      '0',
    ]) {
      const res = await w.as('staff').get(`/api/leads/${id}/`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });
});
