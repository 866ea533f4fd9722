import * as Y from 'yjs';
import { fromBase64, toBase64 } from 'lib0/buffer';
import { z } from 'zod';
import {
  CANVAS_LIMITS,
  MODEL_NODE_TYPE,
  RELATION_EDGE_TYPE,
  type CanvasData,
  type ModelField,
  type ModelNode,
  type ModelRelation,
  type RelationEdge,
} from './canvas';
import { requestBody, textField } from './fields';

/**
 * Live collaboration on a canvas (issue 29, decision 0056). Everyone in the editor shares one
 * Yjs document; the server keeps its state and writes the spec's JSON `data` back from it. The
 * mapping between the two lives here, so the editor and the server read the document alike.
 *
 * The document: `models` maps a node id to a Y.Map of its parts (`position`, `title`, `fields`,
 * `relations`, `order`), each replaced whole when it changes — two people moving two models, or
 * one moving a model while another renames it, both keep their edit; two people renaming the
 * same model at once, the last one wins. `edges` maps an edge id to the edge's JSON.
 */

type ModelPart = 'position' | 'title' | 'fields' | 'relations' | 'order';
type ModelValue = ModelNode['position'] | string | ModelField[] | ModelRelation[] | number;
export type LiveModel = Y.Map<ModelValue>;
export type StoredEdge = Pick<
  RelationEdge,
  'source' | 'target' | 'sourceHandle' | 'targetHandle' | 'type' | 'data'
>;

export const liveModels = (doc: Y.Doc) => doc.getMap<LiveModel>('models');
export const liveEdges = (doc: Y.Doc) => doc.getMap<StoredEdge>('edges');

export type LiveDiagram = { nodes: ModelNode[]; edges: RelationEdge[] };

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

const storedEdge = (edge: RelationEdge): StoredEdge => ({
  source: edge.source,
  target: edge.target,
  sourceHandle: edge.sourceHandle ?? null,
  targetHandle: edge.targetHandle ?? null,
  type: RELATION_EDGE_TYPE,
  data: { startLabel: edge.data.startLabel, endLabel: edge.data.endLabel },
});

const modelParts = (node: ModelNode): [ModelPart, ModelValue][] => [
  ['position', { x: node.position.x, y: node.position.y }],
  ['title', node.data.title],
  ['fields', node.data.fields.map(({ label, type, required }) => ({ label, type, required }))],
  [
    'relations',
    node.data.relations.map(({ to, sourceOrTarget, type, required }) => ({
      to,
      sourceOrTarget,
      type,
      required,
    })),
  ],
];

/**
 * Writes what differs between `next` and `previous` (the diagram the document last matched) into
 * the document, in one transaction with `origin`. Nodes and edges that are the same objects in
 * both are skipped without a look, so a drag writes the moved models only. Without `previous`
 * every node and edge is compared with the document.
 */
export const writeDiagram = (
  doc: Y.Doc,
  next: LiveDiagram,
  previous?: LiveDiagram,
  origin: unknown = null,
) => {
  const models = liveModels(doc);
  const edges = liveEdges(doc);
  const before = new Map(previous?.nodes.map((node) => [node.id, node]));
  const beforeEdges = new Map(previous?.edges.map((edge) => [edge.id, edge]));
  doc.transact(() => {
    const present = new Set<string>();
    next.nodes.forEach((node, index) => {
      present.add(node.id);
      const old = before.get(node.id);
      if (old && old.position === node.position && old.data === node.data) return;
      let model = models.get(node.id);
      if (!model) {
        model = new Y.Map<ModelValue>();
        // Later than every model already there, so a new model is drawn on top for everyone.
        model.set('order', models.size + index + Math.random() / 2);
        models.set(node.id, model);
      }
      for (const [part, value] of modelParts(node))
        if (!same(model.get(part), value)) model.set(part, value);
    });
    const gone = previous ? previous.nodes.map((node) => node.id) : [...models.keys()];
    for (const id of gone) if (!present.has(id)) models.delete(id);

    const presentEdges = new Set<string>();
    for (const edge of next.edges) {
      presentEdges.add(edge.id);
      if (beforeEdges.get(edge.id) === edge) continue;
      const stored = storedEdge(edge);
      if (!same(edges.get(edge.id), stored)) edges.set(edge.id, stored);
    }
    const goneEdges = previous ? previous.edges.map((edge) => edge.id) : [...edges.keys()];
    for (const id of goneEdges) if (!presentEdges.has(id)) edges.delete(id);
  }, origin);
};

const modelNode = (id: string, model: LiveModel): ModelNode => {
  const position = model.get('position') as ModelNode['position'] | undefined;
  return {
    id,
    type: MODEL_NODE_TYPE,
    position: position ?? { x: 0, y: 0 },
    data: {
      title: (model.get('title') as string | undefined) ?? '',
      fields: (model.get('fields') as ModelField[] | undefined) ?? [],
      relations: (model.get('relations') as ModelRelation[] | undefined) ?? [],
    },
  };
};

/** A model as the document has it, without relations to models that are gone; null: none. */
export const readModel = (doc: Y.Doc, id: string): ModelNode | null => {
  const models = liveModels(doc);
  const model = models.get(id);
  if (!model) return null;
  const node = modelNode(id, model);
  const relations = node.data.relations.filter(
    (relation) => relation.to === null || (relation.to !== id && models.has(relation.to)),
  );
  return relations.length === node.data.relations.length
    ? node
    : { ...node, data: { ...node.data, relations } };
};

/** An edge as the document has it, if both its models are there; null otherwise. */
export const readEdge = (doc: Y.Doc, id: string): RelationEdge | null => {
  const edge = liveEdges(doc).get(id);
  const models = liveModels(doc);
  if (!edge || edge.source === edge.target) return null;
  return models.has(edge.source) && models.has(edge.target) ? { id, ...edge } : null;
};

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The document as a diagram, made whole: two people's edits can each be right and together point
 * at nothing (one deletes a model while the other connects to it), so relations and edges whose
 * other model is gone are left out, and so is a second edge between the same two models.
 */
export const readDiagram = (doc: Y.Doc): LiveDiagram => {
  const order = (model: LiveModel) => (model.get('order') as number | undefined) ?? 0;
  const ids = [...liveModels(doc).entries()]
    .sort(([a, ma], [b, mb]) => order(ma) - order(mb) || byId(a, b))
    .map(([id]) => id);
  const nodes = ids.flatMap((id) => readModel(doc, id) ?? []);
  const pairs = new Set<string>();
  const edges: RelationEdge[] = [];
  for (const id of [...liveEdges(doc).keys()].sort(byId)) {
    const edge = readEdge(doc, id);
    if (!edge) continue;
    const pair = [edge.source, edge.target].sort().join('\u0000');
    if (pairs.has(pair)) continue;
    pairs.add(pair);
    edges.push(edge);
  }
  return { nodes, edges };
};

/**
 * The diagram as a version stores it: attributes without a name and relations without a model
 * left out, as 'done' leaves a model (decision 0013) — a person halfway through typing one does
 * not put an empty row into the history.
 */
export const finishedDiagram = ({ nodes, edges }: LiveDiagram): LiveDiagram => ({
  nodes: nodes.map((node) => {
    const fields = node.data.fields.filter((field) => field.label.trim() !== '');
    const relations = node.data.relations.filter((relation) => relation.to !== null);
    return fields.length === node.data.fields.length &&
      relations.length === node.data.relations.length
      ? node
      : { ...node, data: { ...node.data, fields, relations } };
  }),
  edges,
});

/** A document holding `data`, as one update (what a canvas's live state starts from). */
export const documentFrom = (data: Pick<CanvasData, 'nodes' | 'edges'>): Uint8Array => {
  const doc = new Y.Doc();
  writeDiagram(doc, data);
  const state = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return state;
};

/** Whether a document of `state` fits a canvas (the limits a save is held to). */
export const liveLimitProblem = (diagram: LiveDiagram): string | null => {
  if (diagram.nodes.length > CANVAS_LIMITS.nodes)
    return `A canvas holds at most ${CANVAS_LIMITS.nodes} models.`;
  if (diagram.edges.length > CANVAS_LIMITS.edges)
    return `A canvas holds at most ${CANVAS_LIMITS.edges} relations.`;
  return null;
};

export const encodeBinary = (bytes: Uint8Array) => toBase64(bytes);
export const decodeBinary = (text: string) => fromBase64(text);

/** Whether every change in `have` is in `saved` (two encoded state vectors). */
export const coveredBy = (have: Uint8Array, saved: Uint8Array) => {
  const savedClocks = Y.decodeStateVector(saved);
  for (const [client, clock] of Y.decodeStateVector(have))
    if ((savedClocks.get(client) ?? 0) < clock) return false;
  return true;
};

// The wire. Binary Yjs messages travel as base64 in JSON, on the canvas's event stream and in
// small POSTs, like every other call (one auth, one proxy config, one revocation path).

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** A whole 2 MB diagram's document, as base64 (4 characters for every 3 bytes), and some. */
export const LIVE_BINARY_MAX = Math.ceil(CANVAS_LIMITS.dataBytes * 1.4);
const binaryField = textField(LIVE_BINARY_MAX).refine(
  (text) => BASE64.test(text),
  'Must be base64 (a Yjs update or awareness message).',
);

/** `POST /api/canvas/{id}/live/update/`: changes made in one editor, as a Yjs update. */
export const liveUpdateRequestSchema = requestBody({ update: binaryField });
export type LiveUpdateRequest = z.infer<typeof liveUpdateRequestSchema>;

/** The state vector of the live document once the update is in: what the server now has. */
export const liveUpdateResponseSchema = z.object({ vector: z.string() });
export type LiveUpdateResponse = z.infer<typeof liveUpdateResponseSchema>;

/** `POST /api/canvas/{id}/live/awareness/`: who is here and what they have selected. */
export const liveAwarenessRequestSchema = requestBody({ update: binaryField });
export type LiveAwarenessRequest = z.infer<typeof liveAwarenessRequestSchema>;

/** `POST /api/canvas/{id}/live/save/`: the shared diagram written back now, as a version. */
export const liveSaveRequestSchema = requestBody({
  viewport: z
    .object({ x: z.number().finite(), y: z.number().finite(), zoom: z.number().positive() })
    .optional(),
});
export type LiveSaveRequest = z.infer<typeof liveSaveRequestSchema>;

/** A person in the editor, as their awareness state carries them. */
export const livePersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
});
export type LivePerson = z.infer<typeof livePersonSchema>;
export const livePresenceSchema = z.object({
  person: livePersonSchema,
  /** The models this person has selected. */
  selection: z.array(z.string()).max(CANVAS_LIMITS.nodes),
});
export type LivePresence = z.infer<typeof livePresenceSchema>;

/**
 * Events on `GET /api/canvas/{id}/live/` (text/event-stream): `state` first (the whole document,
 * the current version and what it was saved from), then `update`, `awareness` and `saved`.
 */
export const liveStateEventSchema = z.object({
  state: z.string(),
  awareness: z.string().nullable(),
  version: z.number().int(),
  saved: z.string(),
});
export type LiveStateEvent = z.infer<typeof liveStateEventSchema>;
export const liveUpdateEventSchema = z.object({ update: z.string() });
export const liveSavedEventSchema = z.object({
  version: z.number().int(),
  /** The state vector of the document the version was written from. */
  saved: z.string(),
});
export type LiveSavedEvent = z.infer<typeof liveSavedEventSchema>;

export const LIVE_MESSAGES = {
  unreadable: 'This is not a Yjs update of this canvas.',
  notPresence: 'This is not an awareness message of people in the canvas editor.',
} as const;
