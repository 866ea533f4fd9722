import { and, desc, eq, gt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Session } from '@portal/contract/sessions';
import type { Executor } from '../../db/client';
import { authTokens, users } from '../../db/schema/index';

const impersonator = alias(users, 'impersonator');

/** The person's sessions still in force, the one in use first, then the most recently used. */
export const listSessions = async (
  db: Executor,
  userId: number,
  currentTokenId: number,
): Promise<Session[]> => {
  const rows = await db
    .select({
      id: authTokens.id,
      created: authTokens.createdAt,
      lastUsed: authTokens.lastUsedAt,
      userAgent: authTokens.userAgent,
      ip: authTokens.ip,
      impersonatorId: impersonator.id,
      impersonatorName: sql<string>`coalesce(nullif(trim(${impersonator.firstName} || ' ' || ${impersonator.lastName}), ''), ${impersonator.email})`,
    })
    .from(authTokens)
    .leftJoin(impersonator, eq(impersonator.id, authTokens.impersonatorId))
    .where(and(eq(authTokens.userId, userId), gt(authTokens.expiresAt, sql`now()`)))
    .orderBy(sql`${authTokens.id} = ${currentTokenId} DESC`, desc(authTokens.lastUsedAt));
  return rows.map((r) => ({
    id: r.id,
    created: r.created.toISOString(),
    last_used: r.lastUsed.toISOString(),
    user_agent: r.userAgent ?? '',
    ip: r.ip ?? '',
    current: r.id === currentTokenId,
    impersonated_by:
      r.impersonatorId === null ? null : { id: r.impersonatorId, name: r.impersonatorName },
  }));
};

/** Ends one of the person's sessions; false when it is not theirs (or already gone). */
export const endSession = async (db: Executor, userId: number, id: number) =>
  (
    await db
      .delete(authTokens)
      .where(and(eq(authTokens.id, id), eq(authTokens.userId, userId)))
      .returning({ id: authTokens.id })
  ).length > 0;

/**
 * Ends every session of the person but the one in use, and the impersonations they started
 * (their sessions in another's name), as `logoutall` does.
 */
export const endOtherSessions = (db: Executor, userId: number, currentTokenId: number) =>
  db
    .delete(authTokens)
    .where(
      and(
        or(eq(authTokens.userId, userId), eq(authTokens.impersonatorId, userId)),
        ne(authTokens.id, currentTokenId),
      ),
    );
