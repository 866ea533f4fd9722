import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { IDEMPOTENCY_MESSAGES, UNKEPT_POST_ROUTES } from '@portal/contract/idempotency';
import { ApiError, loggableError } from './errors';

/**
 * `Idempotency-Key` (issue 28; the IETF httpapi draft, as Stripe does it). A POST sent with a
 * key is done once: the same key with the same request within 24 hours replays the first answer
 * (status and body, with `Idempotent-Replayed: true`) without doing the work again; with another
 * request it is a 422; while the first still runs, a 409 with `Retry-After`. Keys are the
 * caller's own — the signed-in person's, or the address's for the public lead form — so no one
 * can replay someone else's answer.
 *
 * What is kept: answers below 500 except 409 and 429 (a retry of those should be tried again).
 * A 5xx forgets the key, so the retry does the work — the request's transaction rolled back.
 * A first request that died with its process is taken over after five minutes.
 *
 * Not kept, and done again on a retry: uploads (multipart: the body is read by the route, and a
 * browser writes a new boundary each time) and the sign-in and account-security calls
 * (`UNKEPT_POST_ROUTES`).
 */

export { IDEMPOTENCY_MESSAGES };
export const IDEMPOTENCY_HEADER = 'idempotency-key';
const TTL = sql`interval '24 hours'`;
/**
 * How long a first request may run before a retry may take its key over: well past HAProxy's
 * `timeout server` (60 s) plus a shutdown's drain and timeout, so a slow request still running
 * is never done a second time beside it.
 */
const ABANDONED_AFTER = sql`interval '5 minutes'`;
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;
type Claim = { scope: string; key: string };

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** The key this request holds while it does the work, if it was sent with one. */
    idempotency?: Claim;
  }
}

const fingerprintOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');

const keyOf = (request: FastifyRequest): string | null => {
  const given = request.headers[IDEMPOTENCY_HEADER];
  if (given === undefined) return null;
  if (typeof given !== 'string' || !VALID_KEY.test(given))
    throw new ApiError(400, { detail: IDEMPOTENCY_MESSAGES.invalid });
  return given;
};

const kept = (status: number) => status < 500 && status !== 409 && status !== 429;

export const registerIdempotency = (app: FastifyInstance, db: Database) => {
  /** Claims the request's key, or answers from the first request's: true when it answered. */
  const claimOrReplay = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = keyOf(request);
    // The route's own pattern: a URL spelled `/api/%74oken-auth/` still names the sign-in.
    if (key === null || UNKEPT_POST_ROUTES.test(request.routeOptions.url ?? '')) return false;
    if (request.isMultipart()) return false;
    const scope = request.auth ? `user:${request.auth.user.id}` : `ip:${request.ip}`;
    const fingerprint = fingerprintOf(request);

    // Claim the key, or take over one whose first request expired or was abandoned.
    const claimed = await db.execute(sql`
      INSERT INTO idempotency_keys (scope, key, fingerprint, expires_at)
      VALUES (${scope}, ${key}, ${fingerprint}, now() + ${TTL})
      ON CONFLICT (scope, key) DO UPDATE SET
        fingerprint = excluded.fingerprint, status = NULL, content_type = NULL, body = NULL,
        created_at = now(), expires_at = excluded.expires_at
      WHERE idempotency_keys.expires_at <= now()
         OR (idempotency_keys.status IS NULL
             AND idempotency_keys.created_at < now() - ${ABANDONED_AFTER}
             AND idempotency_keys.fingerprint = excluded.fingerprint)
      RETURNING 1`);
    if (claimed.rows.length > 0) {
      request.idempotency = { scope, key };
      return false;
    }

    const found = await db.execute<{
      fingerprint: string;
      status: number | null;
      content_type: string | null;
      body: string | null;
    }>(sql`
      SELECT fingerprint, status, content_type, body FROM idempotency_keys
      WHERE scope = ${scope} AND key = ${key}`);
    const first = found.rows[0];
    if (first && first.fingerprint !== fingerprint)
      throw new ApiError(422, { detail: IDEMPOTENCY_MESSAGES.otherRequest });
    // Still running — or forgotten between the two statements (it failed): try again shortly.
    if (!first || first.status === null)
      throw new ApiError(409, { detail: IDEMPOTENCY_MESSAGES.running }, { 'retry-after': '1' });
    void reply
      .code(first.status)
      .header('idempotent-replayed', 'true')
      .type(first.content_type ?? 'application/json; charset=utf-8')
      .send(first.body ?? '');
    return true;
  };

  /** The first answer kept for the retries (or the key forgotten, for an answer not kept). */
  const keep = async (
    request: FastifyRequest,
    reply: FastifyReply,
    claim: Claim,
    payload: unknown,
  ) => {
    const text =
      typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload)
          ? payload.toString('utf8')
          : null;
    try {
      if (text !== null && kept(reply.statusCode)) {
        const type = reply.getHeader('content-type');
        await db.execute(sql`
          UPDATE idempotency_keys
          SET status = ${reply.statusCode}, content_type = ${typeof type === 'string' ? type : null},
              body = ${text}
          WHERE scope = ${claim.scope} AND key = ${claim.key}`);
      } else {
        await db.execute(
          sql`DELETE FROM idempotency_keys WHERE scope = ${claim.scope} AND key = ${claim.key}`,
        );
      }
    } catch (error) {
      // The answer still goes out; a retry within the minute gets a 409, then does the work.
      const { code, message } = loggableError(error);
      request.log.warn({ code, reason: message }, 'Idempotency-Key: the answer could not be kept');
    }
  };

  // Sync hooks for every request without a key: an async hook costs a promise and a microtask
  // turn on each (decision 0032). A replay answers from the hook, without calling `done`.
  app.addHook('preHandler', (request, reply, done) => {
    if (request.method !== 'POST' || request.headers[IDEMPOTENCY_HEADER] === undefined)
      return done();
    claimOrReplay(request, reply).then((answered) => {
      if (!answered) done();
    }, done);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const claim = request.idempotency;
    if (!claim) return done(null, payload);
    request.idempotency = undefined;
    void keep(request, reply, claim, payload).finally(() => done(null, payload));
  });
};

/** Forgets keys past their 24 hours (a scheduled job). */
export const sweepIdempotencyKeys = async (db: Database) => {
  await db.execute(sql`DELETE FROM idempotency_keys WHERE expires_at <= now()`);
};
