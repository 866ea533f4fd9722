import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TestRun, TestRunAttachment } from '@portal/contract/test-runs';
import { storageRemovals, testRunAttachments, users } from '../db/schema/index';
import { createTestPlanWorld } from '../modules/test-plans/test-fixtures';
import { multipart } from '../test/multipart';
import { createUser } from '../test/test-app';
import { useTestWorld } from '../test/test-world';
import { REMOVAL_GRACE_MS, sweepStorageRemovals } from './removals';

const { t, w } = useTestWorld(createTestPlanWorld, 'srm');

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('a screenshot'),
]);
const stored = (key: string) => existsSync(path.join(t.ctx.config.mediaDir, key));
const queue = async () =>
  (
    await t.db
      .select({ key: storageRemovals.key })
      .from(storageRemovals)
      .orderBy(storageRemovals.queuedAt)
  ).map((row) => row.key);

/** A run on a new milestone with one screenshot on its first result. */
const runWithScreenshot = async () => {
  const plan = await w.planWith(1);
  const started = await w.as('staff').post('/api/test-runs/', { milestone: plan.milestone.id });
  const run = started.json() as TestRun;
  const body = multipart([{ name: 'file', filename: 'a.png', type: 'image/png', data: PNG }]);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `/api/test-run-results/${run.results[0]!.id}/attachments/`,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Token ${w.tokens.staff}` },
  });
  expect(uploaded.statusCode).toBe(201);
  const { id } = uploaded.json() as TestRunAttachment;
  const [row] = await t.db
    .select({ key: testRunAttachments.storageKey })
    .from(testRunAttachments)
    .where(eq(testRunAttachments.id, id));
  expect(stored(row!.key)).toBe(true);
  return { milestone: plan.milestone, key: row!.key };
};

beforeEach(async () => {
  await t.db.delete(storageRemovals);
});

describe('files of deleted rows (decision 0041)', () => {
  it("a milestone's delete queues its runs' screenshots, and the sweep removes them", async () => {
    const { milestone, key } = await runWithScreenshot();
    const deleted = await w.as('staff').delete(`/api/milestones/${milestone.id}/`);
    expect(deleted.statusCode).toBe(204);
    // Queued by the cascade, still on disk until the sweep: the delete could have rolled back.
    expect(await queue()).toEqual([key]);
    expect(stored(key)).toBe(true);

    // Kept for the grace (a backup's file copy may come after its dump), then removed.
    expect(await sweepStorageRemovals(t.db, t.ctx.storage)).toEqual({ removed: 0, failed: 0 });
    expect(stored(key)).toBe(true);
    await t.db.update(storageRemovals).set({
      queuedAt: sql`now() - make_interval(secs => ${REMOVAL_GRACE_MS / 1000 + 1})`,
    });
    expect(await sweepStorageRemovals(t.db, t.ctx.storage)).toEqual({ removed: 1, failed: 0 });
    expect(stored(key)).toBe(false);
    expect(await queue()).toEqual([]);
  });

  it('a delete that rolls back queues nothing and leaves the file', async () => {
    const { key } = await runWithScreenshot();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.delete(testRunAttachments).where(eq(testRunAttachments.storageKey, key));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await queue()).toEqual([]);
    await sweepStorageRemovals(t.db, t.ctx.storage, { graceMs: 0 });
    expect(stored(key)).toBe(true);
  });

  it("a deleted user's profile image is queued", async () => {
    const user = await createUser(t.db, { email: 'leaving@srm.test', image: 'users/leaving.webp' });
    await t.db.delete(users).where(eq(users.id, user.id));
    expect(await queue()).toEqual(['users/leaving.webp']);
  });

  it('a file that cannot be removed stays queued behind the others; the rest go', async () => {
    const { key } = await runWithScreenshot();
    // The disk driver refuses a key that leaves its folder: a removal that fails every time.
    await t.db
      .insert(storageRemovals)
      .values({ key: '../outside', queuedAt: sql`now() - interval '1 hour'` });
    await t.db.delete(testRunAttachments).where(eq(testRunAttachments.storageKey, key));
    expect(await queue()).toEqual(['../outside', key]);

    const failures: string[] = [];
    const swept = await sweepStorageRemovals(t.db, t.ctx.storage, {
      graceMs: 0,
      onError: (failed) => failures.push(failed),
    });
    expect(swept).toEqual({ removed: 1, failed: 1 });
    expect(failures).toEqual(['../outside']);
    expect(stored(key)).toBe(false);
    expect(await queue()).toEqual(['../outside']);
    const [row] = await t.db.select().from(storageRemovals);
    expect(Date.now() - row!.queuedAt.getTime()).toBeLessThan(60_000);
  });
});
