import { and, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';

/**
 * Soft delete for what Undo brings back as it was (notes, comments: decision 0027). A deleted
 * row keeps its id, author and time, so restoring it puts it back where people saw it; until
 * then every list, count and detail skips it. Rows deleted longer than `RESTORABLE_FOR` ago are
 * purged for good by the next delete on the same table, so a deleted comment does not linger.
 */
export const RESTORABLE_FOR = sql.raw(`interval '1 hour'`);

/** The condition every read of a soft-deletable table adds. */
export const live = (deletedAt: PgColumn): SQL => isNull(deletedAt);

/** The condition of a restore: deleted, and not so long ago that it is due for purging. */
export const restorable = (deletedAt: PgColumn): SQL | undefined =>
  and(isNotNull(deletedAt), sql`${deletedAt} >= now() - ${RESTORABLE_FOR}`);

/** Purges the table's rows deleted longer than `RESTORABLE_FOR` ago (served by a partial index). */
export const purgeExpired = (tx: Executor, table: PgTable, deletedAt: PgColumn) =>
  tx.delete(table).where(lt(deletedAt, sql`now() - ${RESTORABLE_FOR}`));
