import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, api, buildUrl, createResource, request } from './api';
import { IMPERSONATE_KEY, TOKEN_KEY } from './tokens';

type Call = { url: string; init: RequestInit };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

let calls: Call[];
let answers: Response[];

beforeEach(() => {
  localStorage.clear();
  calls = [];
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const answer = answers.shift();
      if (!answer) throw new Error(`unexpected call to ${url}`);
      return answer;
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

const headers = (call: Call | undefined) => new Headers(call?.init.headers);

describe('request', () => {
  it('sends no Authorization header when signed out', async () => {
    answers.push(json(200, { ok: true }));
    await api.get('/api/config/');
    expect(headers(calls[0]).has('Authorization')).toBe(false);
  });

  it('sends the stored token', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    answers.push(json(200, {}));
    await api.get('/api/users/auth/');
    expect(headers(calls[0]).get('Authorization')).toBe('Token abc');
  });

  it('prefers the impersonation token over the normal one', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    localStorage.setItem(IMPERSONATE_KEY, 'imp');
    answers.push(json(200, {}));
    await api.get('/api/users/auth/');
    expect(headers(calls[0]).get('Authorization')).toBe('Token imp');
  });

  it('uses an explicit token instead of the stored one', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    answers.push(new Response(null, { status: 204 }));
    await api.post('/api/token-auth/logout/', undefined, { token: 'other' });
    expect(headers(calls[0]).get('Authorization')).toBe('Token other');
  });

  it('sends plain values as JSON and nothing at all without a body', async () => {
    answers.push(json(200, { token: 't' }), new Response(null, { status: 204 }));
    await api.post('/api/token-auth/', { username: 'a@b.c', password: 'x' });
    await api.post('/api/token-auth/logout/');
    expect(calls[0]?.init.body).toBe(JSON.stringify({ username: 'a@b.c', password: 'x' }));
    expect(headers(calls[0]).get('Content-Type')).toBe('application/json');
    expect(calls[1]?.init.body).toBeUndefined();
    expect(headers(calls[1]).has('Content-Type')).toBe(false);
  });

  it('sends FormData as multipart, leaving the boundary to the browser', async () => {
    const form = new FormData();
    form.append('first_name', 'Ada');
    answers.push(json(200, { id: 1 }));
    await api.patch('/api/users/1/', form);
    expect(calls[0]?.init.body).toBe(form);
    expect(headers(calls[0]).has('Content-Type')).toBe(false);
    expect(calls[0]?.init.method).toBe('PATCH');
  });

  it('answers null for 204', async () => {
    answers.push(new Response(null, { status: 204 }));
    await expect(api.delete('/api/leads/1/')).resolves.toBeNull();
  });

  it('validates the answer with a schema when one is given', async () => {
    answers.push(json(200, { portal_name: 'P' }), json(200, { portal_name: 3 }));
    const schema = z.object({ portal_name: z.string() });
    await expect(request('/api/config/', { schema })).resolves.toEqual({ portal_name: 'P' });
    await expect(request('/api/config/', { schema })).rejects.toBeInstanceOf(z.ZodError);
  });

  it('throws an ApiError with the status and the JSON body', async () => {
    answers.push(json(400, { email: ['Taken.'] }));
    const error = await api.post('/api/users/', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, body: { email: ['Taken.'] } });
  });

  it('keeps a text body as text and an empty one as null', async () => {
    answers.push(
      new Response('Bad Gateway', { status: 502, headers: { 'Content-Type': 'text/plain' } }),
      new Response('', { status: 500 }),
    );
    await expect(api.get('/api/x/')).rejects.toMatchObject({ status: 502, body: 'Bad Gateway' });
    await expect(api.get('/api/x/')).rejects.toMatchObject({ status: 500, body: null });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/api/x/')).rejects.toMatchObject({ status: 0, body: null });
  });
});

describe('a create sent again (issue 28)', () => {
  it('carries a fresh Idempotency-Key, and the same one when it is sent again after no answer', async () => {
    let failed = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        if (!failed) {
          failed = true;
          throw new TypeError('Failed to fetch');
        }
        return json(201, { id: 7 });
      }),
    );
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const created = request('/api/clients/', { method: 'POST', body: { name: 'Acme' } });
      await vi.advanceTimersByTimeAsync(1_000);
      await expect(created).resolves.toEqual({ id: 7 });
    } finally {
      vi.useRealTimers();
    }
    expect(calls).toHaveLength(2);
    const key = headers(calls[0]).get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(headers(calls[1]).get('Idempotency-Key')).toBe(key);

    answers.push(json(201, { id: 8 }));
    await request('/api/clients/', { method: 'POST', body: { name: 'Globex' } });
    expect(headers(calls[2]).get('Idempotency-Key')).not.toBe(key);
  });

  it('waits out a 503’s Retry-After, then gives up after two more tries', async () => {
    const unavailable = () =>
      new Response(JSON.stringify({ detail: 'Service temporarily unavailable' }), {
        status: 503,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '2' },
      });
    answers.push(unavailable(), unavailable(), unavailable());
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const created = request('/api/clients/', { method: 'POST', body: { name: 'Acme' } });
      const outcome = expect(created).rejects.toMatchObject({ status: 503 });
      await vi.advanceTimersByTimeAsync(1_999);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(2_001);
      await outcome;
    } finally {
      vi.useRealTimers();
    }
    expect(calls).toHaveLength(3);
  });

  it('sends neither a GET, an upload, a refused create nor a security call twice', async () => {
    answers.push(json(503, { detail: 'x' }));
    await expect(api.get('/api/x/')).rejects.toMatchObject({ status: 503 });
    answers.push(json(400, { name: ['This field is required.'] }));
    await expect(
      request('/api/clients/', { method: 'POST', body: { name: '' } }),
    ).rejects.toMatchObject({ status: 400 });
    answers.push(json(503, { detail: 'x' }));
    await expect(
      request('/api/files/', { method: 'POST', body: new FormData() }),
    ).rejects.toMatchObject({ status: 503 });
    // A sign-in or security call is not kept by a key: sent once, without one.
    answers.push(json(503, { detail: 'x' }));
    await expect(
      request('/api/two-factor/recovery-codes/', { method: 'POST', body: { code: '123456' } }),
    ).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(4);
    expect(headers(calls[0]).has('Idempotency-Key')).toBe(false);
    expect(headers(calls[2]).has('Idempotency-Key')).toBe(false);
    expect(headers(calls[3]).has('Idempotency-Key')).toBe(false);
  });
});

describe('buildUrl', () => {
  it('leaves out empty values and repeats lists', () => {
    expect(
      buildUrl('/api/leads/', { search: 'ann lee', status: '', page: 2, tag: ['a', 'b'] }),
    ).toBe('/api/leads/?search=ann+lee&page=2&tag=a&tag=b');
    expect(buildUrl('/api/leads/', { search: undefined })).toBe('/api/leads/');
  });
});

describe('createResource', () => {
  type Thing = { id: number; name: string };
  const things = createResource<Thing>('things');
  const page = (results: Thing[], next: string | null) =>
    json(200, { count: 3, next, previous: null, results });

  it('maps each operation to its DRF path and method', async () => {
    answers.push(
      json(201, { id: 1, name: 'a' }),
      json(200, { id: 1, name: 'a' }),
      json(200, { id: 1, name: 'b' }),
      json(200, { id: 1, name: 'c' }),
      new Response(null, { status: 204 }),
      json(200, [{ id: 1 }]),
      json(200, { ok: true }),
      page([], null),
    );
    await things.create({ name: 'a' });
    await things.get(1);
    await things.update(1, { name: 'b' });
    await things.update(1, { name: 'c' }, 'PUT');
    await things.remove(1);
    await things.detailAction(1, 'move', { method: 'POST', body: { to: 0 } });
    await things.listAction('all', { query: { client: 'acme' } });
    await things.list({ search: 'x' });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      'POST /api/things/',
      'GET /api/things/1/',
      'PATCH /api/things/1/',
      'PUT /api/things/1/',
      'DELETE /api/things/1/',
      'POST /api/things/1/move/',
      'GET /api/things/all/?client=acme',
      'GET /api/things/?search=x',
    ]);
    expect(calls[5]?.init.body).toBe(JSON.stringify({ to: 0 }));
  });

  it('addresses records by slug, escaped', async () => {
    const clients = createResource<Thing, Partial<Thing>, Partial<Thing>, string>('clients');
    answers.push(json(200, { id: 1, name: 'a' }));
    await clients.get('a b');
    expect(calls[0]?.url).toBe('/api/clients/a%20b/');
  });

  it('fetches every page until next is null', async () => {
    answers.push(
      page([{ id: 1, name: 'a' }], '/api/things/?page=2'),
      page([{ id: 2, name: 'b' }], '/api/things/?page=3'),
      page([{ id: 3, name: 'c' }], null),
    );
    const all = await things.all({ client: 5 });
    expect(all.map((t) => t.id)).toEqual([1, 2, 3]);
    expect(calls.map((c) => c.url)).toEqual([
      '/api/things/?client=5&page=1',
      '/api/things/?client=5&page=2',
      '/api/things/?client=5&page=3',
    ]);
  });
});
