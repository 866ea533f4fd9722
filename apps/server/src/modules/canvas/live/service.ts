import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import { CANVAS_LIMITS, utf8ByteLength } from '@portal/contract/canvas';
import {
  LIVE_MESSAGES,
  documentFrom,
  encodeBinary,
  finishedDiagram,
  liveLimitProblem,
  livePresenceSchema,
  readDiagram,
  type LiveSaveRequest,
} from '@portal/contract/canvas-live';
import type { Database, Executor } from '../../../db/client';
import { canvases, canvasLive } from '../../../db/schema/index';
import { fieldError } from '../../../http/errors';
import { lockCurrent, saveNextVersion, toCanvasDto } from '../service';
import { compact, currentDocument, logUpdate, storedState, type LiveDocument } from './document';
import { announce, announceSaved, diagramOf, notify } from './signals';

/**
 * Whether `update` is an awareness message (y-protocols: a count, then per editor its client
 * id, clock and JSON state) whose states are the sender in the editor, or null for one who left:
 * nobody speaks for someone else.
 */
export const readsAsPresence = (update: Uint8Array, userId: number) => {
  try {
    const decoder = decoding.createDecoder(update);
    const count = decoding.readVarUint(decoder);
    if (count > 64) return false;
    for (let i = 0; i < count; i++) {
      decoding.readVarUint(decoder);
      decoding.readVarUint(decoder);
      const state: unknown = JSON.parse(decoding.readVarString(decoder));
      if (state === null) continue;
      const presence = livePresenceSchema.safeParse(state);
      if (!presence.success || presence.data.person.id !== userId) return false;
    }
    return !decoding.hasContent(decoder);
  } catch {
    return false;
  }
};

/** How many canvases' documents an instance keeps in memory between changes. */
const KEPT_DOCUMENTS = 32;

/**
 * The shared documents of canvases edited together (decision 0056). Every change is logged in
 * the transaction that answers it; the JSON `data` is written back from the document as a
 * version (a save, which also compacts the log), and every other write of `data` (a save the old
 * way, an import, a restore) is written into the document, so the two never part. The documents
 * being edited are kept in memory here and brought up to date from the log, whichever instance
 * took the changes.
 */
export const createLiveService = (db: Database) => {
  const kept = new LRUCache<number, LiveDocument>({
    max: KEPT_DOCUMENTS,
    ttl: 10 * 60_000,
    dispose: (document) => document.doc.destroy(),
  });

  /**
   * The canvas, its stored document and its document now, the first two locked until the
   * transaction ends (in the order every save takes them: the canvas first); the document is made
   * from `data` the first time. Null: no such canvas.
   */
  const lockLive = async (tx: Executor, canvasId: number) => {
    // Only the row's lock and version: its diagram (up to 2 MB) is read by a save, not by every
    // change a drag sends.
    const [canvas] = await tx
      .select({ id: canvases.id, version: canvases.version })
      .from(canvases)
      .where(eq(canvases.id, canvasId))
      .for('update');
    if (!canvas) return null;
    const liveColumns = {
      compactedTo: canvasLive.compactedTo,
      saved: canvasLive.saved,
      editedById: canvasLive.editedById,
    };
    let [live] = await tx
      .select(liveColumns)
      .from(canvasLive)
      .where(eq(canvasLive.canvasId, canvasId))
      .for('update');
    if (!live) {
      const [stored] = await tx
        .select({ data: canvases.data })
        .from(canvases)
        .where(eq(canvases.id, canvasId));
      const state = documentFrom(diagramOf(stored?.data ?? '') ?? { nodes: [], edges: [] });
      [live] = await tx
        .insert(canvasLive)
        .values({ canvasId, state, saved: Y.encodeStateVectorFromUpdate(state) })
        .returning(liveColumns);
      if (!live) throw new Error('live document not made');
    }
    const document = await currentDocument(
      tx,
      canvasId,
      { compactedTo: live.compactedTo, state: storedState(tx, canvasId) },
      kept.get(canvasId),
    );
    return { canvas, live, document };
  };

  /**
   * A transaction on a canvas's document. The kept copy follows what commits: it is kept after
   * the commit, and forgotten when the transaction fails (it may hold what was rolled back).
   */
  const withDocument = async <T>(
    canvasId: number,
    work: (tx: Executor, locked: NonNullable<Awaited<ReturnType<typeof lockLive>>>) => Promise<T>,
  ): Promise<T | null> => {
    let document: LiveDocument | undefined;
    try {
      const answer = await db.transaction(async (tx) => {
        const locked = await lockLive(tx, canvasId);
        if (!locked) return null;
        document = locked.document;
        return work(tx, locked);
      });
      if (document) kept.set(canvasId, document);
      return answer;
    } catch (error) {
      if (document) kept.delete(canvasId);
      throw error;
    }
  };

  return {
    /** What an editor opening the canvas starts from, or null when there is no such canvas. */
    open: (canvasId: number) =>
      withDocument(canvasId, async (_tx, { canvas, live, document }) => ({
        state: Y.encodeStateAsUpdate(document.doc),
        saved: live.saved,
        version: canvas.version,
      })),

    /** The whole state now (for editors told to read it again), or null. */
    state: (canvasId: number) =>
      withDocument(canvasId, async (_tx, { document }) => Y.encodeStateAsUpdate(document.doc)),

    /**
     * One editor's change taken into the document. A change that is not a Yjs update, or that
     * would make a canvas past its limits, is a 400 and nothing is written. Answers the state
     * vector the server has now, or null when there is no such canvas.
     */
    apply: (canvasId: number, update: Uint8Array, userId: number) =>
      withDocument(canvasId, async (tx, { document }) => {
        try {
          Y.decodeUpdate(update);
          Y.applyUpdate(document.doc, update);
        } catch {
          throw fieldError('update', LIVE_MESSAGES.unreadable);
        }
        const diagram = readDiagram(document.doc);
        const problem =
          liveLimitProblem(diagram) ??
          (utf8ByteLength(JSON.stringify(diagram)) > CANVAS_LIMITS.dataBytes
            ? `A diagram may be at most ${CANVAS_LIMITS.dataBytes / 1024 / 1024} MB.`
            : null);
        // The kept copy now holds the refused change: the failed transaction forgets it.
        if (problem) throw fieldError('update', problem);
        await logUpdate(tx, canvasId, document, update);
        await tx
          .update(canvasLive)
          .set({ editedById: userId, updatedAt: sql`now()` })
          .where(eq(canvasLive.canvasId, canvasId));
        await announce(tx, canvasId, update);
        return { vector: encodeBinary(Y.encodeStateVector(document.doc)) };
      }),

    /**
     * Presence is not stored: it crosses instances and is forgotten. A message that is not an
     * awareness update of people in the editor is a 400. False when there is no such canvas.
     */
    relayAwareness: async (canvasId: number, update: Uint8Array, userId: number) => {
      if (!readsAsPresence(update, userId)) throw fieldError('update', LIVE_MESSAGES.notPresence);
      const [found] = await db
        .select({ id: canvases.id })
        .from(canvases)
        .where(eq(canvases.id, canvasId));
      if (!found) return false;
      await notify(db, { canvas: canvasId, kind: 'awareness', data: encodeBinary(update) });
      return true;
    },

    /**
     * The document written back into `data` as the next version, unless it holds what `data`
     * holds already (then the version stays), and its log compacted. `savedById`: who asked (null
     * when the edits paused: the last person who changed it). Null when there is no such canvas.
     */
    save: (canvasId: number, body: LiveSaveRequest, savedById: number | null) =>
      withDocument(canvasId, async (tx, { live, document }) => {
        const canvas = await lockCurrent(tx, canvasId, undefined);
        if (!canvas) throw new Error('canvas vanished while locked');
        const { nodes, edges } = finishedDiagram(readDiagram(document.doc));
        const stored = diagramOf(canvas.data);
        const viewport = body.viewport ?? stored?.viewport ?? { x: 0, y: 0, zoom: 1 };
        const saved = Y.encodeStateVector(document.doc);
        const unchanged =
          stored !== null &&
          JSON.stringify({ nodes, edges, viewport }) ===
            JSON.stringify({ nodes: stored.nodes, edges: stored.edges, viewport: stored.viewport });
        const row = unchanged
          ? canvas
          : await saveNextVersion(
              tx,
              canvasId,
              {
                kind: 'saved',
                data: JSON.stringify({ nodes, edges, viewport }),
                models: nodes.length,
                savedById: savedById ?? live.editedById,
              },
              { live: 1 },
            );
        await compact(tx, canvasId, document);
        await tx
          .update(canvasLive)
          .set({ saved, editedById: null })
          .where(eq(canvasLive.canvasId, canvasId));
        await announceSaved(tx, canvasId, row.version, saved);
        return { canvas: toCanvasDto(row), saved };
      }),
  };
};
export type LiveService = ReturnType<typeof createLiveService>;
