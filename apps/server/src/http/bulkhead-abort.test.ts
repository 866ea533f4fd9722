import { request } from 'node:http';
import { expect, it } from 'vitest';
import { issueToken } from '../modules/auth/tokens';
import { createUser } from '../test/test-app';
import { useTestApp } from '../test/test-world';

/**
 * Callers that hang up — a load generator stopping, a browser closing its tab — while their
 * requests wait for a place or hold one: every place comes back. A waiter that left used to give
 * away a place it never held and stay in the queue, to be handed one later that nobody returned:
 * after a few runs of a load test the process answered every request 503 "busy", idle.
 */
const t = useTestApp();

it('gets every place back from callers who hang up, waiting or answered', async () => {
  const staff = await createUser(t.db, { email: 'hang-up@studio.test', isSuperuser: true });
  const { token } = await issueToken(t.db, staff.id, { ttlMs: 3_600_000 });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // A connection of its own per request (no keep-alive pool to outlive the test), dropped when
  // its caller hangs up; resolves with the status, or null for a call hung up.
  const get = (hangUpAfterMs?: number) =>
    new Promise<number | null>((resolve) => {
      const call = request(
        `${base}/api/leads/`,
        { agent: false, headers: { authorization: `Token ${token}` } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? null));
        },
      );
      call.on('error', () => resolve(null));
      call.end();
      if (hangUpAfterMs !== undefined) setTimeout(() => call.destroy(), hangUpAfterMs);
    });
  expect(await get()).toBe(200);
  for (let round = 0; round < 6; round++)
    // Far more callers than places (half the tests' pool of 5), each hanging up at its own moment.
    await Promise.all(Array.from({ length: 40 }, (_, i) => get(5 + ((i * 7) % 40))));
  // Idle again: a handful at once are answered, none waits out the pool's wait for a place.
  expect(await Promise.all(Array.from({ length: 6 }, () => get()))).toEqual([
    200, 200, 200, 200, 200, 200,
  ]);
}, 60_000);
