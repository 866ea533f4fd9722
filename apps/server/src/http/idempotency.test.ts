import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { issueToken } from '../modules/auth/tokens';
import { createUser, TEST_PASSWORD } from '../test/test-app';
import { useTestApp } from '../test/test-world';
import { IDEMPOTENCY_MESSAGES } from './idempotency';

const t = useTestApp({ THROTTLE: 'false' });

const staffToken = async (email: string) => {
  const user = await createUser(t.db, { email, isSuperuser: true });
  return (await issueToken(t.db, user.id, { ttlMs: 3_600_000 })).token;
};
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const count = async (query: ReturnType<typeof sql>) =>
  (await t.db.execute<{ n: number }>(query)).rows[0]?.n ?? 0;
const clientsNamed = (name: string) =>
  count(sql`SELECT count(*)::int AS n FROM clients WHERE name = ${name}`);

describe('Idempotency-Key', () => {
  it('does a create once and replays its answer to the retry, with the same status and body', async () => {
    const token = await staffToken('idem-once@studio.test');
    const headers = { authorization: `Token ${token}`, 'idempotency-key': 'create-acme-1' };
    const first = await post('/api/clients/', { name: 'Idem Acme' }, headers);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await post('/api/clients/', { name: 'Idem Acme' }, headers);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers['content-type']).toContain('application/json');
    expect(retry.json()).toEqual(first.json());
    expect(await clientsNamed('Idem Acme')).toBe(1);
  });

  it('refuses the same key with another request (422), and keeps each person’s keys apart', async () => {
    const token = await staffToken('idem-other@studio.test');
    const key = { 'idempotency-key': 'shared-key' };
    const first = await post(
      '/api/clients/',
      { name: 'Idem One' },
      { ...key, authorization: `Token ${token}` },
    );
    expect(first.statusCode).toBe(201);
    const other = await post(
      '/api/clients/',
      { name: 'Idem Two' },
      { ...key, authorization: `Token ${token}` },
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ detail: IDEMPOTENCY_MESSAGES.otherRequest });
    expect(await clientsNamed('Idem Two')).toBe(0);
    // Someone else's identical key is theirs: their request is done, not answered with hers.
    const colleague = await staffToken('idem-colleague@studio.test');
    const theirs = await post(
      '/api/clients/',
      { name: 'Idem Two' },
      { ...key, authorization: `Token ${colleague}` },
    );
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('answers 409 with Retry-After while the first request runs, and takes over an abandoned one', async () => {
    const token = await staffToken('idem-running@studio.test');
    const headers = { authorization: `Token ${token}`, 'idempotency-key': 'running-key' };
    const first = await post('/api/clients/', { name: 'Idem Running' }, headers);
    const [user] = (
      await t.db.execute<{ id: number }>(
        sql`SELECT id FROM users WHERE email = 'idem-running@studio.test'`,
      )
    ).rows;
    const scope = `user:${user?.id}`;
    // As if the request were still running…
    await t.db.execute(
      sql`UPDATE idempotency_keys SET status = NULL, body = NULL WHERE scope = ${scope}`,
    );
    const running = await post('/api/clients/', { name: 'Idem Running' }, headers);
    expect(running.statusCode).toBe(409);
    expect(running.headers['retry-after']).toBe('1');
    expect(running.json()).toEqual({ detail: IDEMPOTENCY_MESSAGES.running });
    // …and as if its process had died six minutes ago: the retry does the work.
    await t.db.execute(
      sql`UPDATE idempotency_keys SET created_at = now() - interval '6 minutes' WHERE scope = ${scope}`,
    );
    await t.db.execute(sql`DELETE FROM clients WHERE id = ${first.json<{ id: number }>().id}`);
    const takenOver = await post('/api/clients/', { name: 'Idem Running' }, headers);
    expect(takenOver.statusCode).toBe(201);
    expect(await clientsNamed('Idem Running')).toBe(1);
  });

  it('keeps a 4xx answer, so the retry of a refused request is refused alike', async () => {
    const token = await staffToken('idem-refused@studio.test');
    const headers = { authorization: `Token ${token}`, 'idempotency-key': 'refused-key' };
    const first = await post('/api/clients/', { name: '' }, headers);
    expect(first.statusCode).toBe(400);
    const retry = await post('/api/clients/', { name: '' }, headers);
    expect(retry.statusCode).toBe(400);
    expect(retry.json()).toEqual(first.json());
  });

  it('refuses a key that is not 1 to 255 visible characters', async () => {
    const token = await staffToken('idem-invalid@studio.test');
    for (const key of ['x'.repeat(256), 'with space', 'é']) {
      const res = await post(
        '/api/clients/',
        { name: 'Idem Invalid' },
        { authorization: `Token ${token}`, 'idempotency-key': key },
      );
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toEqual({ detail: IDEMPOTENCY_MESSAGES.invalid });
    }
    expect(await clientsNamed('Idem Invalid')).toBe(0);
  });

  it('holds the public lead form to one lead per key and address', async () => {
    const form = { first_name: 'Idem', last_name: 'Visitor', email: 'idem-visitor@example.test' };
    const send = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/leads/',
        payload: form,
        remoteAddress,
        headers: { 'idempotency-key': 'form-submit-1' },
      });
    expect((await send('203.0.113.7')).statusCode).toBe(201);
    const again = await send('203.0.113.7');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE scope = 'ip:203.0.113.7'`,
      ),
    ).toBe(1);
    // Another address's key is its own.
    const elsewhere = await send('198.51.100.9');
    expect(elsewhere.headers['idempotent-replayed']).toBeUndefined();
  });

  it('never keeps an answer that holds a token: a sign-in is not replayed', async () => {
    await createUser(t.db, { email: 'idem-login@client.test' });
    const headers = { 'idempotency-key': 'login-key' };
    const body = { username: 'idem-login@client.test', password: TEST_PASSWORD };
    const first = await post('/api/token-auth/', body, headers);
    // However the path is spelled: the route decides, not the raw URL.
    const second = await post('/api/%74oken-auth/', body, headers);
    expect(second.statusCode).toBe(200);
    expect(first.statusCode).toBe(200);
    expect(second.json<{ token: string }>().token).not.toBe(first.json<{ token: string }>().token);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = 'login-key'`),
    ).toBe(0);
  });
});
