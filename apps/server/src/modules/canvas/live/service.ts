import { eq, sql } from 'drizzle-orm';
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
import { announce, announceSaved, diagramOf, docOf, notify } from './signals';

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

/**
 * The shared documents of canvases edited together (decision 0056). Every change is merged into
 * the stored state in the transaction that answers it; the JSON `data` is written back from the
 * document as a version (a save), and every other write of `data` (a save the old way, an import,
 * a restore) is written into the document, so the two never part.
 */
export const createLiveService = (db: Database) => {
  /**
   * The canvas and its document, both locked until the transaction ends (in the order every save
   * takes them: the canvas first), the document made from `data` the first time. Null: no canvas.
   */
  const lockLive = async (tx: Executor, canvasId: number) => {
    const canvas = await lockCurrent(tx, canvasId, undefined);
    if (!canvas) return null;
    const [live] = await tx
      .select()
      .from(canvasLive)
      .where(eq(canvasLive.canvasId, canvasId))
      .for('update');
    if (live) return { canvas, live };
    const state = documentFrom(diagramOf(canvas.data) ?? { nodes: [], edges: [] });
    const saved = Y.encodeStateVectorFromUpdate(state);
    await tx.insert(canvasLive).values({ canvasId, state, saved });
    return { canvas, live: { canvasId, state, saved, editedById: null, updatedAt: new Date() } };
  };

  return {
    /** What an editor opening the canvas starts from, or null when there is no such canvas. */
    open: (canvasId: number) =>
      db.transaction(async (tx) => {
        const locked = await lockLive(tx, canvasId);
        if (!locked) return null;
        return {
          state: locked.live.state,
          saved: locked.live.saved,
          version: locked.canvas.version,
        };
      }),

    /** The whole state now (for editors told to read it again), or null. */
    state: async (canvasId: number) => {
      const [row] = await db
        .select({ state: canvasLive.state })
        .from(canvasLive)
        .where(eq(canvasLive.canvasId, canvasId));
      return row?.state ?? null;
    },

    /**
     * One editor's change merged into the document. A change that is not a Yjs update, or that
     * would make a canvas past its limits, is a 400 and nothing is written. Answers the state
     * vector the server has now, or null when there is no such canvas.
     */
    apply: async (canvasId: number, update: Uint8Array, userId: number) =>
      db.transaction(async (tx) => {
        const locked = await lockLive(tx, canvasId);
        if (!locked) return null;
        let merged: Uint8Array;
        let doc: Y.Doc;
        try {
          merged = Y.mergeUpdates([locked.live.state, update]);
          doc = docOf(merged);
        } catch {
          throw fieldError('update', LIVE_MESSAGES.unreadable);
        }
        const diagram = readDiagram(doc);
        doc.destroy();
        const problem =
          liveLimitProblem(diagram) ??
          (utf8ByteLength(JSON.stringify(diagram)) > CANVAS_LIMITS.dataBytes
            ? `A diagram may be at most ${CANVAS_LIMITS.dataBytes / 1024 / 1024} MB.`
            : null);
        if (problem) throw fieldError('update', problem);
        await tx
          .update(canvasLive)
          .set({ state: merged, editedById: userId, updatedAt: sql`now()` })
          .where(eq(canvasLive.canvasId, canvasId));
        await announce(tx, canvasId, update);
        return { vector: encodeBinary(Y.encodeStateVectorFromUpdate(merged)) };
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
     * holds already (then the version stays). `savedById` when nobody's edit is waiting: the
     * person who asked. Null when there is no such canvas.
     */
    save: async (canvasId: number, body: LiveSaveRequest, savedById: number | null) =>
      db.transaction(async (tx) => {
        const locked = await lockLive(tx, canvasId);
        if (!locked) return null;
        const doc = docOf(locked.live.state);
        const { nodes, edges } = finishedDiagram(readDiagram(doc));
        doc.destroy();
        const stored = diagramOf(locked.canvas.data);
        const viewport = body.viewport ?? stored?.viewport ?? { x: 0, y: 0, zoom: 1 };
        const saved = Y.encodeStateVectorFromUpdate(locked.live.state);
        const unchanged =
          stored !== null &&
          JSON.stringify({ nodes, edges, viewport }) ===
            JSON.stringify({ nodes: stored.nodes, edges: stored.edges, viewport: stored.viewport });
        const row = unchanged
          ? locked.canvas
          : await saveNextVersion(
              tx,
              canvasId,
              {
                kind: 'saved',
                data: JSON.stringify({ nodes, edges, viewport }),
                models: nodes.length,
                savedById: savedById ?? locked.live.editedById,
              },
              { live: 1 },
            );
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
