import type { RequestClient } from '../../http/client';
import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { everyWordIn } from '../../db/word-search';
import { impersonations, users } from '../../db/schema/index';
import type { PageWindow } from '../../http/pagination';
import { issueToken, type IssuedToken } from '../auth/tokens';
import { record, userLabel } from '../activity/record';
import { isUniqueViolation } from '../../http/database-errors';

export type UserRow = typeof users.$inferSelect;

export const findUserById = async (db: Executor, id: number): Promise<UserRow | null> => {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
};

/** The indexed expression of `users_search_trgm`; written identically so the planner uses it. */
const searchDocument = sql`(lower(${users.email}) || ' ' || lower(${users.firstName}) || ' ' || lower(${users.lastName}))`;

/** Every word of the search must appear somewhere in the email, first or last name. */
export const userSearchCondition = (search: string | undefined): SQL | undefined =>
  everyWordIn(searchDocument, search ?? '');

export const searchUsers = async (
  db: Executor,
  search: string | undefined,
  page: (total: number) => PageWindow,
) => {
  const where = userSearchCondition(search);
  const [totals] = await db.select({ total: count() }).from(users).where(where);
  const total = totals?.total ?? 0;
  const window = page(total);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.email), asc(users.id))
    .limit(window.limit)
    .offset(window.offset);
  return { count: total, window, rows };
};

export type UserChanges = Partial<
  Pick<UserRow, 'firstName' | 'lastName' | 'phone' | 'timeZone' | 'email' | 'isSuperuser' | 'image'>
>;

export class DuplicateEmailError extends Error {}

/**
 * Applies the changes in one transaction. A replaced picture's file is queued for removal by the
 * update itself (migration 0029), so a rolled-back change keeps it.
 */
export const updateUser = async (
  db: Database,
  id: number,
  changes: UserChanges,
): Promise<UserRow | null> => {
  try {
    if (Object.keys(changes).length === 0) return await findUserById(db, id);
    const [user] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
    return user ?? null;
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_key')) throw new DuplicateEmailError();
    throw error;
  }
};

/** Issues an impersonation token for `targetId` and records who started it, from where. */
export const startImpersonation = (
  db: Database,
  options: { impersonatorId: number; targetId: number; ttlMs: number; client: RequestClient },
): Promise<IssuedToken> =>
  db.transaction(async (tx) => {
    const issued = await issueToken(tx, options.targetId, {
      ttlMs: options.ttlMs,
      impersonatorId: options.impersonatorId,
      client: options.client,
    });
    await tx.insert(impersonations).values({
      impersonatorId: options.impersonatorId,
      targetId: options.targetId,
      ip: options.client.ip.slice(0, 64) || null,
    });
    await record(tx, {
      verb: 'impersonated',
      target: { type: 'user', id: options.targetId, label: userLabel(options.targetId) },
    });
    return issued;
  });
