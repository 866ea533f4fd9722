import { sql, eq } from 'drizzle-orm';
import * as Y from 'yjs';
import { parseCanvasData } from '@portal/contract/canvas';
import { encodeBinary, writeDiagram } from '@portal/contract/canvas-live';
import type { Executor } from '../../../db/client';
import { canvasLive } from '../../../db/schema/index';
import { currentDocument, logUpdate, storedState } from './document';

/** The channel every instance listens on for what another instance's editors changed. */
export const LIVE_CHANNEL = 'canvas_live';

/**
 * What crosses instances on LIVE_CHANNEL. NOTIFY carries at most 8,000 bytes: an update too
 * large for it is announced as `reread`, and listeners send their editors the whole state.
 */
export type LiveSignal =
  | { canvas: number; kind: 'update' | 'awareness'; data: string }
  | { canvas: number; kind: 'reread' }
  /** An instance's first editor of the canvas: the others answer with who is there. */
  | { canvas: number; kind: 'hello' }
  | { canvas: number; kind: 'saved'; version: number; saved: string };

/** Room for the JSON around the base64 in one NOTIFY payload (PostgreSQL's limit is 8,000). */
const NOTIFY_DATA_MAX = 7_000;

/**
 * Every instance hears its own NOTIFY too, after the commit: one path to every open editor,
 * in the order the changes were committed.
 */
export const notify = (tx: Executor, signal: LiveSignal) =>
  tx.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(signal)})`);

/** A change to the document, announced to every editor of the canvas. */
export const announce = async (tx: Executor, canvas: number, update: Uint8Array) => {
  const data = encodeBinary(update);
  await notify(
    tx,
    data.length <= NOTIFY_DATA_MAX ? { canvas, kind: 'update', data } : { canvas, kind: 'reread' },
  );
};

/** The document counts as saved at `version` from the state vector `saved`. */
export const announceSaved = (tx: Executor, canvas: number, version: number, saved: Uint8Array) =>
  notify(tx, { canvas, kind: 'saved', version, saved: encodeBinary(saved) });

/** The stored diagram's nodes and edges, or none for a diagram that cannot be read. */
export const diagramOf = (data: string) => {
  const parsed = parseCanvasData(data);
  return parsed.ok ? parsed.data : null;
};

/**
 * After `data` was written some other way than from the document (a save the old way, an import,
 * a restore; the canvas row locked by that write): the document takes the new diagram, as a
 * change every open editor receives, and counts as saved at that version. A canvas nobody has
 * opened live has no document yet; it will be made from `data` when somebody does.
 */
export const followData = async (tx: Executor, canvasId: number, data: string, version: number) => {
  const [live] = await tx
    .select({ compactedTo: canvasLive.compactedTo })
    .from(canvasLive)
    .where(eq(canvasLive.canvasId, canvasId))
    .for('update');
  const diagram = diagramOf(data);
  if (!live || !diagram) return;
  const document = await currentDocument(tx, canvasId, {
    compactedTo: live.compactedTo,
    state: storedState(tx, canvasId),
  });
  const before = Y.encodeStateVector(document.doc);
  writeDiagram(document.doc, diagram);
  const update = Y.encodeStateAsUpdate(document.doc, before);
  const saved = Y.encodeStateVector(document.doc);
  document.doc.destroy();
  await logUpdate(tx, canvasId, document, update);
  await tx
    .update(canvasLive)
    .set({ saved, editedById: null, updatedAt: sql`now()` })
    .where(eq(canvasLive.canvasId, canvasId));
  await announce(tx, canvasId, update);
  await announceSaved(tx, canvasId, version, saved);
};
