import { UTC } from '@portal/contract/time';
import { TWO_FACTOR_MESSAGES } from '@portal/contract/two-factor';
import { createHash } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { authTokens, users } from '../db/schema/index';
import {
  ApiError,
  INVALID_TOKEN,
  loggableError,
  notAuthenticated,
  permissionDenied,
} from './errors';
import { createTokenCache, type CachedToken } from './token-cache';

export type UserRow = typeof users.$inferSelect;

export type AuthContext = {
  user: UserRow;
  tokenId: number;
  /** The superuser behind an impersonation token, null for a normal session. */
  impersonatorId: number | null;
};

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Under `REQUIRE_STAFF_2FA`, what a staff account without two-factor may still call: setting
 * it up, who am I, signing out, and the studio's public brand (decision 0049).
 */
const OPEN_WITHOUT_TWO_FACTOR =
  /^\/api\/(two-factor\/|users\/auth\/(\?|$)|token-auth\/logout(all)?\/(\?|$)|studio\/(\?|$))/;

/** A token's use refreshes its idle expiry, but at most once a minute to keep reads cheap. */
const REFRESH_AFTER_MS = 60_000;

/**
 * Resolves `Authorization: Token …` on every API request. A missing header leaves the request
 * anonymous; a header with an unknown or expired token is a 401, as in DRF.
 */
export const registerAuthentication = (
  app: FastifyInstance,
  options: { db: Database; idleMs: number; cache: boolean; requireStaff2fa: boolean },
) => {
  const { db, idleMs } = options;
  // Runs on a check this process has not kept: prepared once, so PostgreSQL skips parse and plan.
  const lookup = db
    .select({
      user: users,
      tokenId: authTokens.id,
      lastUsedAt: authTokens.lastUsedAt,
      expiresAt: authTokens.expiresAt,
      impersonatorId: authTokens.impersonatorId,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(eq(authTokens.keyHash, sql.placeholder('keyHash')), gt(authTokens.expiresAt, sql`now()`)),
    )
    .limit(1)
    .prepare('auth_token_lookup');
  const cache = options.cache
    ? createTokenCache(db, {
        // Once per outage, in one line: tokens are still checked, in the database.
        onError: (error) =>
          app.log.warn(
            { reason: loggableError(error).message },
            'token cache: no listening connection; checking tokens in the database until it is back',
          ),
      })
    : null;
  if (cache) app.addHook('onClose', () => cache.stop());

  /** Tokens whose idle expiry this process is refreshing right now. */
  const refreshing = new Set<number>();

  const find = async (keyHash: string): Promise<CachedToken | undefined> => {
    const kept = await cache?.find(keyHash);
    if (kept) return kept;
    const since = cache?.generation ?? 0;
    const [row] = await lookup.execute({ keyHash });
    if (!row) return undefined;
    const found = {
      user: row.user,
      tokenId: row.tokenId,
      impersonatorId: row.impersonatorId,
      lastUsedAt: row.lastUsedAt.getTime(),
      expiresAt: row.expiresAt.getTime(),
    };
    cache?.keep(keyHash, found, since);
    return found;
  };

  const authenticate = async (request: FastifyRequest, header: string) => {
    const [scheme, key, extra] = header.split(' ');
    if (scheme?.toLowerCase() !== 'token') return;
    if (!key || extra !== undefined) throw notAuthenticated('Invalid token header.');
    const keyHash = hashToken(key);
    const found = await find(keyHash);
    if (!found || !found.user.isActive) throw notAuthenticated(INVALID_TOKEN);
    // A copy: a handler may change its request's user, never the one kept for the next request.
    request.auth = {
      user: { ...found.user },
      tokenId: found.tokenId,
      impersonatorId: found.impersonatorId,
    };
    if (
      options.requireStaff2fa &&
      found.user.isSuperuser &&
      found.user.totpEnabledAt === null &&
      !OPEN_WITHOUT_TWO_FACTOR.test(request.url)
    )
      throw new ApiError(403, { detail: TWO_FACTOR_MESSAGES.requiredForStaff });
    if (
      Date.now() - found.lastUsedAt > REFRESH_AFTER_MS &&
      found.impersonatorId === null &&
      !refreshing.has(found.tokenId)
    ) {
      // One refresh at a time per token in this process: a page's requests arrive together, and
      // each would otherwise have updated the same row, one waiting on the other's lock.
      refreshing.add(found.tokenId);
      // The update's NOTIFY drops the kept check everywhere; the next request reads it afresh.
      cache?.forget(keyHash);
      try {
        await db
          .update(authTokens)
          .set({
            lastUsedAt: sql`now()`,
            expiresAt: sql`now() + ${`${idleMs} milliseconds`}::interval`,
          })
          .where(eq(authTokens.id, found.tokenId));
      } finally {
        refreshing.delete(found.tokenId);
      }
    }
  };

  app.decorateRequest('auth', null);
  // A sync hook: a request without a token (a probe, a public page) takes no promise and no
  // microtask turn here (decision 0032).
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.authorization;
    if (!header) return done();
    authenticate(request, header).then(() => done(), done);
  });
};

/** The signed-in user, or a 401. */
export const requireUser = (request: FastifyRequest): AuthContext => {
  if (!request.auth) throw notAuthenticated();
  return request.auth;
};

/**
 * The clock of whoever reads what this request answers with (a PDF, an error naming a day): their
 * `time_zone`, or UTC before they have one — which the text then says (issue 25).
 */
export const readerZone = (request: FastifyRequest): string =>
  requireUser(request).user.timeZone ?? UTC;

/** A signed-in superuser, or 401/403. */
export const requireStaff = (request: FastifyRequest): AuthContext => {
  const auth = requireUser(request);
  if (!auth.user.isSuperuser) throw permissionDenied();
  return auth;
};

/**
 * Hook for calls on the account itself (password, two-factor, passkeys, sessions): the
 * account's own session only, never staff impersonating her — how a person signs in is hers.
 * Used as `preValidation`, so it answers 403 before the body is read.
 */
export const requireOwnSession = async (request: FastifyRequest) => {
  if (requireUser(request).impersonatorId !== null) throw permissionDenied();
};

export const isStaff = (request: FastifyRequest) => request.auth?.user.isSuperuser === true;
