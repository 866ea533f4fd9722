import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { throttled } from './errors';

export type ThrottleRule = { limit: number; windowSeconds: number };

/**
 * Fixed-window counters in PostgreSQL, so every server instance shares them. `hit` counts one
 * event and throws 429 (with Retry-After) once the window's limit is exceeded; `check` only
 * looks, for throttles that count failures (logins) rather than attempts.
 */
export const createThrottle = (db: Executor, enabled: boolean) => {
  const hit = async (key: string, rule: ThrottleRule) => {
    if (!enabled) return;
    const result = await db.execute<{ count: number; retry: number }>(sql`
      INSERT INTO rate_limits (key, count, reset_at)
      VALUES (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
        reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
      RETURNING count, ceil(extract(epoch FROM reset_at - now()))::int AS retry`);
    const row = result.rows[0];
    if (row && row.count > rule.limit) throw throttled(Math.max(1, row.retry));
  };
  const check = async (key: string, rule: ThrottleRule) => {
    if (!enabled) return;
    const result = await db.execute<{ count: number; retry: number }>(sql`
      SELECT count, ceil(extract(epoch FROM reset_at - now()))::int AS retry
      FROM rate_limits WHERE key = ${key} AND reset_at > now()`);
    const row = result.rows[0];
    if (row && row.count >= rule.limit) throw throttled(Math.max(1, row.retry));
  };
  const reset = async (key: string) => {
    if (!enabled) return;
    await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
  };
  return { hit, check, reset };
};

/** Wrong passwords and wrong second-factor codes of one account count together. */
export const loginAccountKey = (email: string) => `login:account:${email.trim().toLowerCase()}`;

/** DESIGN §3 defaults. */
export const THROTTLES = {
  loginFailuresPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  loginFailuresPerAddress: { limit: 60, windowSeconds: 60 },
  signUpPerAddress: { limit: 20, windowSeconds: 3600 },
  emailPerAccount: { limit: 5, windowSeconds: 3600 },
  emailPerAddress: { limit: 30, windowSeconds: 3600 },
  leadFormPerAddress: { limit: 10, windowSeconds: 3600 },
} satisfies Record<string, ThrottleRule>;
