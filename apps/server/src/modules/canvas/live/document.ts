import { and, eq, gt, lte, sql } from 'drizzle-orm';
import * as Y from 'yjs';
import type { Executor } from '../../../db/client';
import { canvasLive, canvasLiveUpdates } from '../../../db/schema/index';

/** A canvas's document in memory, and the last logged change it holds. */
export type LiveDocument = { doc: Y.Doc; lastId: number };

/**
 * The stored side of a canvas's document: up to which change it is compacted, and its compacted
 * state — read only when no copy in memory can be brought up to date (it is the whole document).
 */
export type StoredLive = { compactedTo: number; state: () => Promise<Uint8Array> };

/** The compacted state of a canvas's document, as stored. */
export const storedState = (tx: Executor, canvasId: number) => async () => {
  const [row] = await tx
    .select({ state: canvasLive.state })
    .from(canvasLive)
    .where(eq(canvasLive.canvasId, canvasId));
  if (!row) throw new Error('live document vanished while locked');
  return row.state;
};

/**
 * The document as stored now: `known` (an instance's copy from earlier) brought up to date with
 * the changes logged since — by any instance — or, when it is missing or older than the last
 * compaction, read whole. Taking one change then costs applying the few that came in between,
 * not parsing the whole document again (a 300-model canvas: 0.2 ms against 50–80 ms).
 */
export const currentDocument = async (
  tx: Executor,
  canvasId: number,
  stored: StoredLive,
  known?: LiveDocument,
): Promise<LiveDocument> => {
  let current = known && known.lastId >= stored.compactedTo ? known : null;
  if (!current) {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, await stored.state());
    current = { doc, lastId: stored.compactedTo };
  }
  const since = await tx
    .select({ id: canvasLiveUpdates.id, update: canvasLiveUpdates.update })
    .from(canvasLiveUpdates)
    .where(and(eq(canvasLiveUpdates.canvasId, canvasId), gt(canvasLiveUpdates.id, current.lastId)))
    .orderBy(canvasLiveUpdates.id);
  for (const row of since) {
    Y.applyUpdate(current.doc, row.update);
    current.lastId = row.id;
  }
  return current;
};

/** A change taken, at the end of the log (in the caller's transaction). */
export const logUpdate = async (
  tx: Executor,
  canvasId: number,
  document: LiveDocument,
  update: Uint8Array,
) => {
  const [row] = await tx
    .insert(canvasLiveUpdates)
    .values({ canvasId, update })
    .returning({ id: canvasLiveUpdates.id });
  if (!row) throw new Error('live update not logged');
  document.lastId = row.id;
};

/** The logged changes folded into the stored state (at a save: the log stays short). */
export const compact = async (tx: Executor, canvasId: number, document: LiveDocument) => {
  await tx
    .update(canvasLive)
    .set({
      state: Y.encodeStateAsUpdate(document.doc),
      compactedTo: document.lastId,
      updatedAt: sql`now()`,
    })
    .where(eq(canvasLive.canvasId, canvasId));
  await tx
    .delete(canvasLiveUpdates)
    .where(
      and(eq(canvasLiveUpdates.canvasId, canvasId), lte(canvasLiveUpdates.id, document.lastId)),
    );
};
