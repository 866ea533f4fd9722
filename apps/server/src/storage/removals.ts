import { asc, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { storageRemovals } from '../db/schema/index';
import type { ScheduledJob } from '../jobs/scheduler';
import type { Storage } from './types';

/** Files taken per run: a minute's sweep of a big delete finishes in the next minutes. */
const BATCH = 500;
/** Removals in flight at once: the bucket is across a network, the disk is not in a hurry. */
const CONCURRENCY = 8;
/**
 * How long a file outlives its row. A backup takes the database first and the files second
 * (docs/deploy.md): a file removed at once could be missing from a copy whose dump still names
 * it. An hour covers the copy, and a restore soon after a mistaken delete.
 */
export const REMOVAL_GRACE_MS = 60 * 60 * 1000;

/**
 * Removes the files whose rows went more than `graceMs` ago (decision 0041), oldest first. A
 * file removed is forgotten; one that fails stays queued, moved behind the others, and is tried
 * again a grace later. No transaction spans the storage calls: removing a file twice is harmless
 * (the drivers treat a missing file as removed), holding a connection across a network call is
 * not.
 */
export const sweepStorageRemovals = async (
  db: Database,
  storage: Pick<Storage, 'remove'>,
  options: { graceMs?: number; onError?: (key: string, error: unknown) => void } = {},
) => {
  const { graceMs = REMOVAL_GRACE_MS, onError = () => undefined } = options;
  const queued = await db
    .select({ key: storageRemovals.key })
    .from(storageRemovals)
    .where(lte(storageRemovals.queuedAt, sql`now() - make_interval(secs => ${graceMs / 1000})`))
    .orderBy(asc(storageRemovals.queuedAt), asc(storageRemovals.key))
    .limit(BATCH);
  const removed: string[] = [];
  const failed: string[] = [];
  for (let start = 0; start < queued.length; start += CONCURRENCY) {
    await Promise.all(
      queued.slice(start, start + CONCURRENCY).map(({ key }) =>
        storage.remove(key).then(
          () => removed.push(key),
          (error: unknown) => {
            failed.push(key);
            onError(key, error);
          },
        ),
      ),
    );
  }
  if (removed.length > 0)
    await db.delete(storageRemovals).where(inArray(storageRemovals.key, removed));
  if (failed.length > 0)
    await db
      .update(storageRemovals)
      .set({ queuedAt: sql`now()` })
      .where(inArray(storageRemovals.key, failed));
  return { removed: removed.length, failed: failed.length };
};

/** What a run could not remove, told once per run rather than once per file. */
export type RemovalFailures = { count: number; keys: string[]; error: unknown };

/** Every minute, by one instance: a file goes within a minute or two of its grace's end. */
export const storageJobs = (
  ctx: { db: Database; storage: Pick<Storage, 'remove'> },
  onFailures: (failures: RemovalFailures) => void,
): ScheduledJob[] => [
  {
    name: 'storage-removals',
    cron: '* * * * *',
    run: async () => {
      const keys: string[] = [];
      let first: unknown;
      await sweepStorageRemovals(ctx.db, ctx.storage, {
        onError: (key, error) => {
          if (keys.length === 0) first = error;
          keys.push(key);
        },
      });
      // A bucket that is down fails every file alike: one line, the first error, a few keys.
      if (keys.length > 0)
        onFailures({ count: keys.length, keys: keys.slice(0, 10), error: first });
    },
  },
];
