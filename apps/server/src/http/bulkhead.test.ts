import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { issueToken } from '../modules/auth/tokens';
import { createUser } from '../test/test-app';
import { useTestApp } from '../test/test-world';

// A pool of 5 (the tests'), so a resource may hold 3 of its connections. A lock is waited on
// longer than a request waits for a connection: without the bulkhead, the lead lists would hold
// every connection past the others' wait, and those would fail.
const t = useTestApp({ DATABASE_LOCK_TIMEOUT_MS: '6000', DATABASE_POOL_TIMEOUT_MS: '2000' });

describe('one locked table does not stall the rest (issue 28)', () => {
  it('answers other resources while every request on a locked table waits, then gives up', async () => {
    const staff = await createUser(t.db, { email: 'bulkhead@studio.test', isSuperuser: true });
    const { token } = await issueToken(t.db, staff.id, { ttlMs: 3_600_000 });
    const get = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Token ${token}` } });
    // The token is checked once first, as it would be on a busy day.
    expect((await get('/api/clients/')).statusCode).toBe(200);

    const locker = new pg.Client({ connectionString: t.ctx.config.databaseUrl });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE leads IN ACCESS EXCLUSIVE MODE');
    try {
      // Twelve lead lists on the locked table: more than the whole pool.
      const leads = Array.from({ length: 12 }, () => get('/api/leads/'));
      // Meanwhile, with the lock still held, other resources are answered.
      const others = await Promise.all(
        Array.from({ length: 6 }, (_, i) => get(i % 2 ? '/api/clients/' : '/api/users/auth/')),
      );
      expect(others.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      // The lead lists give up on the lock with a 503 and Retry-After: none hangs, none is a 500.
      const answers = await Promise.all(leads);
      for (const res of answers) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
      }
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    expect((await get('/api/leads/')).statusCode).toBe(200);
  }, 60_000);
});
