import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { connectDatabase, type DatabaseHandle } from '../db/client';
import { users } from '../db/schema/index';
import { issueToken } from '../modules/auth/tokens';
import { createTestApp, createUser, type TestContext } from '../test/test-app';

/**
 * Two instances of the portal on one database, as behind a load balancer: each keeps the token
 * checks it answered (decision 0024), and a token revoked or a user changed anywhere is refused
 * or read afresh by both at once.
 */
let t: TestContext;
let other: { app: Awaited<ReturnType<typeof buildApp>>; database: DatabaseHandle };
let userId: number;

beforeAll(async () => {
  // Tests run without the cache unless they ask for it (config.ts).
  t = await createTestApp({ TOKEN_CACHE: 'true' });
  const url = t.ctx.config.databaseUrl;
  if (!url) throw new Error('the test app has a database URL');
  const database = connectDatabase(url, { max: 5, timeouts: t.ctx.config.databaseTimeouts });
  const app = await buildApp({ ...t.ctx, db: database.db });
  await app.ready();
  other = { app, database };
  userId = (await createUser(t.db, { email: 'nora@cache.test', firstName: 'Nora' })).id;
});
afterAll(async () => {
  await other.app.close();
  await other.database.close();
  await t.close();
});

const session = async () =>
  (await issueToken(t.db, userId, { ttlMs: t.ctx.config.tokenIdleMs })).token;
const me = (app: typeof other.app, token: string) =>
  app.inject({
    method: 'GET',
    url: '/api/users/auth/',
    headers: { authorization: `Token ${token}` },
  });
const both = async (token: string) => [await me(t.app, token), await me(other.app, token)];
/** Until each instance listens and keeps the check (it starts listening on its first check). */
const warm = async (token: string) => {
  for (let i = 0; i < 50; i++) {
    for (const res of await both(token)) expect(res.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('token checks kept in memory, two instances', () => {
  it('answers a kept check without looking the token up again', async () => {
    const token = await session();
    await warm(token);
    const query = vi.spyOn(other.database.pool, 'query');
    try {
      for (let i = 0; i < 10; i++) expect((await me(other.app, token)).statusCode).toBe(200);
      const lookups = query.mock.calls.filter(
        ([config]) => (config as { name?: string }).name === 'auth_token_lookup',
      );
      expect(lookups).toHaveLength(0);
    } finally {
      query.mockRestore();
    }
  });

  it('refuses a token signed out on the other instance at once', async () => {
    const token = await session();
    await warm(token);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/token-auth/logout/',
      headers: { authorization: `Token ${token}` },
    });
    expect(out.statusCode).toBe(204);
    const res = await me(other.app, token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Invalid token.' });
    expect((await me(t.app, token)).statusCode).toBe(401);
  });

  it('refuses a user deactivated by hand in the database at once, everywhere', async () => {
    const token = await session();
    await warm(token);
    await t.db.execute(sql`UPDATE users SET is_active = false WHERE id = ${userId}`);
    for (const res of await both(token)) expect(res.statusCode).toBe(401);
    await t.db.update(users).set({ isActive: true }).where(eq(users.id, userId));
    for (const res of await both(token)) expect(res.statusCode).toBe(200);
  });

  it('answers a changed user afresh on both instances', async () => {
    const token = await session();
    await warm(token);
    await other.database.db.update(users).set({ firstName: 'Norah' }).where(eq(users.id, userId));
    for (const res of await both(token)) expect(res.json()).toMatchObject({ first_name: 'Norah' });
  });

  it('refuses a token that expired while kept', async () => {
    const token = await session();
    await warm(token);
    await t.db.execute(
      sql`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${userId}`,
    );
    for (const res of await both(token)) expect(res.statusCode).toBe(401);
  });

  it('refreshes a token used a minute ago once, however many requests use it at that moment', async () => {
    const token = await session();
    await warm(token);
    await t.db.execute(
      sql`UPDATE auth_tokens SET last_used_at = now() - interval '2 minutes' WHERE user_id = ${userId}`,
    );
    const query = vi.spyOn(other.database.pool, 'query');
    try {
      // As a page's first requests arrive together (the user, the list, the notifications…).
      const answers = await Promise.all(Array.from({ length: 12 }, () => me(other.app, token)));
      for (const res of answers) expect(res.statusCode).toBe(200);
      const refreshes = query.mock.calls.filter(([config]) =>
        /^update "auth_tokens"/i.test(
          typeof config === 'string' ? config : ((config as { text?: string }).text ?? ''),
        ),
      );
      expect(refreshes).toHaveLength(1);
    } finally {
      query.mockRestore();
    }
    const { rows } = await t.db.execute<{ recent: boolean }>(
      sql`SELECT last_used_at > now() - interval '1 minute' AS recent FROM auth_tokens
          WHERE user_id = ${userId} ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]?.recent).toBe(true);
  });
});
