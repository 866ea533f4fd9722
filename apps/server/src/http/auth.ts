import { createHash } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { authTokens, users } from '../db/schema/index';
import { INVALID_TOKEN, notAuthenticated, permissionDenied } from './errors';

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

/** A token's use refreshes its idle expiry, but at most once a minute to keep reads cheap. */
const REFRESH_AFTER_MS = 60_000;

/**
 * Resolves `Authorization: Token …` on every API request. A missing header leaves the request
 * anonymous; a header with an unknown or expired token is a 401, as in DRF.
 */
export const registerAuthentication = (
  app: FastifyInstance,
  options: { db: Database; idleMs: number },
) => {
  const { db, idleMs } = options;
  // Runs on every authenticated request: prepared once, so PostgreSQL skips parse and plan.
  const lookup = db
    .select({
      user: users,
      tokenId: authTokens.id,
      lastUsedAt: authTokens.lastUsedAt,
      impersonatorId: authTokens.impersonatorId,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(eq(authTokens.keyHash, sql.placeholder('keyHash')), gt(authTokens.expiresAt, sql`now()`)),
    )
    .limit(1)
    .prepare('auth_token_lookup');
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const [scheme, key, extra] = header.split(' ');
    if (scheme?.toLowerCase() !== 'token') return;
    if (!key || extra !== undefined) throw notAuthenticated('Invalid token header.');
    const [row] = await lookup.execute({ keyHash: hashToken(key) });
    if (!row || !row.user.isActive) throw notAuthenticated(INVALID_TOKEN);
    request.auth = { user: row.user, tokenId: row.tokenId, impersonatorId: row.impersonatorId };
    if (Date.now() - row.lastUsedAt.getTime() > REFRESH_AFTER_MS && row.impersonatorId === null) {
      await db
        .update(authTokens)
        .set({
          lastUsedAt: sql`now()`,
          expiresAt: sql`now() + ${`${idleMs} milliseconds`}::interval`,
        })
        .where(eq(authTokens.id, row.tokenId));
    }
  });
};

/** The signed-in user, or a 401. */
export const requireUser = (request: FastifyRequest): AuthContext => {
  if (!request.auth) throw notAuthenticated();
  return request.auth;
};

/** A signed-in superuser, or 401/403. */
export const requireStaff = (request: FastifyRequest): AuthContext => {
  const auth = requireUser(request);
  if (!auth.user.isSuperuser) throw permissionDenied();
  return auth;
};

export const isStaff = (request: FastifyRequest) => request.auth?.user.isSuperuser === true;
