import { isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import type { FastifyRequest } from 'fastify';
import { requireUser } from './auth';
import { throttled } from './errors';

export type ThrottleRule = { limit: number; windowSeconds: number };
/** One counter: the key it is kept under and the rule it answers to. */
export type ThrottleCount = readonly [key: string, rule: ThrottleRule];

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
  /** Forgets a counter, and every counter kept under it (`key:…`). */
  const reset = async (key: string) => {
    if (!enabled) return;
    await db.execute(
      sql`DELETE FROM rate_limits WHERE key = ${key} OR starts_with(key, ${`${key}:`})`,
    );
  };
  const checkAll = async (counts: readonly ThrottleCount[]) => {
    for (const [key, rule] of counts) await check(key, rule);
  };
  /**
   * Counts one event on every counter — all of them, even once one is over its limit — one after
   * another: a caller inside a transaction must not take several more pooled connections.
   */
  const hitAll = async (counts: readonly ThrottleCount[]) => {
    let refused: unknown = null;
    for (const [key, rule] of counts)
      await hit(key, rule).catch((error: unknown) => (refused ??= error));
    if (refused) throw refused;
  };
  /** Forgets exactly these counters (not those kept under them). */
  const forget = async (keys: readonly string[]) => {
    if (!enabled || keys.length === 0) return;
    const list = sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    );
    await db.execute(sql`DELETE FROM rate_limits WHERE key IN (${list})`);
  };
  return { hit, check, reset, checkAll, hitAll, forget };
};

export type Throttle = ReturnType<typeof createThrottle>;

/**
 * The address a client is counted by: an IPv4 address as it is; an IPv6 address by its /64, the
 * block one host or household is given — else one machine would have billions of addresses.
 */
export const countedAddress = (ip: string): string => {
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
};

/** Every sign-in counter of one account is kept under this key. */
export const loginAccountKey = (email: string) => `login:account:${email.trim().toLowerCase()}`;
/**
 * The counter of `kind` for an address — every per-address throttle's key, so that an IPv6
 * client counts by its /64 everywhere (one host holds the whole /64), not only at sign-in.
 */
export const addressKey = (kind: string, ip: string) => `${kind}:ip:${countedAddress(ip)}`;

export const loginAddressKey = (ip: string) => addressKey('login', ip);
/** The account's counter from this address. */
export const loginAccountAddressKey = (email: string, ip: string) =>
  `${loginAccountKey(email)}:ip:${countedAddress(ip)}`;

/**
 * What a wrong password or a wrong second-factor code counts toward (issue 27): the account *from
 * this address* (10 / 15 min — what stops guessing at one account), the account from anywhere
 * (a much higher ceiling — what stops a guesser spread over many addresses, while no one address
 * can lock a person out), and the address (what stops one address trying many accounts).
 */
/** Her own counters of those — what proving her password gives back (never the address's). */
export const ownLoginCounts = (email: string, ip: string) => [
  loginAccountKey(email),
  loginAccountAddressKey(email, ip),
];

export const loginFailures = (email: string, ip: string): ThrottleCount[] => [
  [loginAccountAddressKey(email, ip), THROTTLES.loginFailuresPerAccountAndAddress],
  [loginAccountKey(email), THROTTLES.loginFailuresPerAccount],
  [loginAddressKey(ip), THROTTLES.loginFailuresPerAddress],
];

/** DESIGN §3 defaults. */
export const THROTTLES = {
  loginFailuresPerAccountAndAddress: { limit: 10, windowSeconds: 15 * 60 },
  loginFailuresPerAccount: { limit: 100, windowSeconds: 15 * 60 },
  loginFailuresPerAddress: { limit: 60, windowSeconds: 60 },
  signUpPerAddress: { limit: 20, windowSeconds: 3600 },
  emailPerAccount: { limit: 5, windowSeconds: 3600 },
  emailPerAddress: { limit: 30, windowSeconds: 3600 },
  leadFormPerAddress: { limit: 10, windowSeconds: 3600 },
  passkeyOptionsPerAddress: { limit: 60, windowSeconds: 60 },
} satisfies Record<string, ThrottleRule>;

/**
 * What one person may do in a window, whatever their role (issue 27): uploads cost the studio
 * storage, and each comment mails everyone following the estimate. Generous for a person at
 * work, and a ceiling for a script or a stolen session. Documented in docs/decisions/0049.
 */
export const PERSONAL_LIMITS = {
  uploads: { limit: 60, windowSeconds: 3600 },
  comments: { limit: 30, windowSeconds: 60 },
} satisfies Record<string, ThrottleRule>;

/**
 * A hook (`preHandler`, after the sign-in check and before the body is read) that counts the
 * request toward the signed-in person's limit and answers 429 with Retry-After past it.
 */
export const personalLimit = (
  db: Executor,
  enabled: boolean,
  kind: keyof typeof PERSONAL_LIMITS,
) => {
  const throttle = createThrottle(db, enabled);
  return async (request: FastifyRequest) => {
    await throttle.hit(`${kind}:user:${requireUser(request).user.id}`, PERSONAL_LIMITS[kind]);
  };
};
