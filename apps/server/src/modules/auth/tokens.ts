import { randomBytes } from 'node:crypto';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { authTokens, users } from '../../db/schema/index';
import { hashToken, type UserRow } from '../../http/auth';
import type { RequestClient } from '../../http/client';
import type { TokenResponse } from '@portal/contract/auth';
import { record, staffSignIn } from '../activity/record';
import { toUserDto } from '../users/serialize';

export type IssuedToken = { token: string; expiry: string; tokenId: number };

/**
 * Issues a new session token: 256 random bits, of which only the SHA-256 is stored.
 * `ttlMs` is the idle expiry (refreshed on use) or, for impersonation, the fixed lifetime.
 */
export const issueToken = async (
  db: Executor,
  userId: number,
  options: { ttlMs: number; impersonatorId?: number; client?: RequestClient },
): Promise<IssuedToken> => {
  const token = randomBytes(32).toString('hex');
  const expiresAt = new Date(Date.now() + options.ttlMs);
  const [row] = await db
    .insert(authTokens)
    .values({
      userId,
      keyHash: hashToken(token),
      expiresAt,
      impersonatorId: options.impersonatorId ?? null,
      userAgent: options.client?.userAgent.slice(0, 512) || null,
      ip: options.client?.ip.slice(0, 64) || null,
    })
    .returning({ id: authTokens.id });
  if (!row) throw new Error('token not stored');
  return { token, expiry: expiresAt.toISOString(), tokenId: row.id };
};

/**
 * A successful sign-in, however it was proved (password, Google, passkey): the account's last
 * sign-in moves, a session is issued, and a staff member's sign-in goes into the history. Call
 * inside the transaction that spent whatever proved it (a code, a challenge).
 */
export const openSession = async (
  tx: Executor,
  user: UserRow,
  options: {
    method: Parameters<typeof staffSignIn>[1];
    ttlMs: number;
    client: RequestClient;
  },
): Promise<{ issued: IssuedToken; user: UserRow }> => {
  const [updated] = await tx
    .update(users)
    .set({ lastLogin: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  const issued = await issueToken(tx, user.id, { ttlMs: options.ttlMs, client: options.client });
  if (user.isSuperuser) await record(tx, staffSignIn(user.id, options.method));
  return { issued, user: updated ?? user };
};

/** What every sign-in answers: the token, its idle expiry, and who it is for. */
export const tokenResponse = (
  session: { issued: IssuedToken; user: UserRow },
  publicUrl: string,
): TokenResponse => ({
  token: session.issued.token,
  expiry: session.issued.expiry,
  user: toUserDto(session.user, publicUrl),
});

export const revokeToken = (db: Executor, tokenId: number) =>
  db.delete(authTokens).where(eq(authTokens.id, tokenId));

/**
 * Signs the user out everywhere, optionally keeping one token (the caller's new one). The
 * impersonation sessions they started go too: they are the user's sessions in another's name,
 * and would otherwise outlive a `logoutall` meant to lock a stolen account out.
 */
export const revokeAllTokens = (db: Executor, userId: number, keepTokenId?: number) => {
  const theirs = or(eq(authTokens.userId, userId), eq(authTokens.impersonatorId, userId));
  return db
    .delete(authTokens)
    .where(keepTokenId === undefined ? theirs : and(theirs, ne(authTokens.id, keepTokenId)));
};
