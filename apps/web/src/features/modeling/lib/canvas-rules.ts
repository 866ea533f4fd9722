import {
  MODEL_NODE_TYPE,
  endLabel,
  RELATION_EDGE_TYPE,
  type CanvasData,
  type ModelField,
  type ModelNode,
  type ModelNodeData,
  type ModelRelation,
  type RelationEdge,
  type RelationType,
  type Viewport,
} from '@portal/contract/canvas';

/**
 * The canvas editor's rules (spec §4 "Canvas editor", §5 modeling validation, DESIGN §4), as pure
 * functions over the diagram: each answers a new diagram and leaves its input untouched, keeping
 * every node and edge it did not change as the same object (React Flow then re-renders only what
 * changed). A rule that has nothing to do answers its input itself, so callers can tell.
 *
 * Two models are joined by at most one pair of relations — one on each model, pointing at the
 * other, one the edge's 'source' and the other its 'target' — and one edge; decision 0013.
 */

/** What the rules touch; the editor may carry more (the viewport) and gets it back unchanged. */
export type Diagram = Pick<CanvasData, 'nodes' | 'edges'>;

export const NEW_MODEL_TITLE = 'New Model';
export const UNNAMED_MODEL = 'Unnamed Model';
export const UNNAMED_TARGET = 'Unnamed model';
export const NO_TARGET = 'Connect a model...';

/** The handles of a model box: the connect handle's drag starts at 'source', drops on 'target'. */
export const SOURCE_HANDLE = 'source';
export const TARGET_HANDLE = 'target';

/** What the connect-handle rule needs of React Flow's connection state. */
export type ConnectionInProgress =
  { inProgress: false } | { inProgress: true; fromNode: { id: string } };

/**
 * Spec §5: a model's connect handle (its drop target) is active only while a connection is being
 * dragged, and only from another model: a model never takes a relation to itself.
 */
export const isConnectTarget = (connection: ConnectionInProgress, nodeId: string) =>
  connection.inProgress && connection.fromNode.id !== nodeId;

/** A fresh id; `crypto.randomUUID` needs a secure context, so plain http falls back. */
export const createId = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
};

// Titles (spec §2 Modeling).

export const modelTitle = (title: string) => (title.trim() === '' ? UNNAMED_MODEL : title);

/** A relation's target as its row shows it: the title, 'Unnamed model', or 'Connect a model...'. */
export const relationTargetTitle = (target: { title: string } | null | undefined) =>
  !target ? NO_TARGET : target.title.trim() === '' ? UNNAMED_TARGET : target.title;

// Labels (spec §4): decision 0013.

/** OneToMany ↔ ManyToOne; OneToOne and ManyToMany look the same from both ends. */
export const mirrorRelationType = (type: RelationType): RelationType =>
  type === 'OneToMany' ? 'ManyToOne' : type === 'ManyToOne' ? 'OneToMany' : type;

// Lookups.

const relationTo = (node: ModelNode | undefined, otherId: string) =>
  node?.data.relations.find((relation) => relation.to === otherId);

/** The edge between two models, whichever way it runs. */
export const edgeBetween = (data: Diagram, a: string, b: string) =>
  data.edges.find(
    (edge) => (edge.source === a && edge.target === b) || (edge.source === b && edge.target === a),
  );

/** Whether two models are already joined, by an edge or by a relation either way. */
export const areConnected = (data: Diagram, a: string, b: string) => {
  if (edgeBetween(data, a, b)) return true;
  const nodeA = data.nodes.find((node) => node.id === a);
  const nodeB = data.nodes.find((node) => node.id === b);
  return relationTo(nodeA, b) !== undefined || relationTo(nodeB, a) !== undefined;
};

// Building blocks.

const withData = (node: ModelNode, data: Partial<ModelNodeData>): ModelNode => ({
  ...node,
  data: { ...node.data, ...data },
});

const mapNode = <D extends Diagram>(
  data: D,
  nodeId: string,
  change: (node: ModelNode) => ModelNode,
): D => {
  let changed = false;
  const nodes = data.nodes.map((node) => {
    if (node.id !== nodeId) return node;
    const next = change(node);
    changed ||= next !== node;
    return next;
  });
  return changed ? { ...data, nodes } : data;
};

/** Drops a model's relations that point at `otherId`. */
const dropRelationsTo = (node: ModelNode, otherId: string): ModelNode =>
  node.data.relations.some((relation) => relation.to === otherId)
    ? withData(node, {
        relations: node.data.relations.filter((relation) => relation.to !== otherId),
      })
    : node;

/** Recomputes the end labels of the edge between two models from their relations. */
const relabel = <D extends Diagram>(data: D, a: string, b: string): D => {
  const edge = edgeBetween(data, a, b);
  if (!edge) return data;
  const source = relationTo(
    data.nodes.find((node) => node.id === edge.source),
    edge.target,
  );
  const target = relationTo(
    data.nodes.find((node) => node.id === edge.target),
    edge.source,
  );
  const startLabel = source ? endLabel(source) : edge.data.startLabel;
  const endLabelValue = target ? endLabel(target) : edge.data.endLabel;
  if (startLabel === edge.data.startLabel && endLabelValue === edge.data.endLabel) return data;
  const next: RelationEdge = { ...edge, data: { startLabel, endLabel: endLabelValue } };
  return { ...data, edges: data.edges.map((other) => (other === edge ? next : other)) };
};

/** Removes the pair of relations between two models and the edge joining them. */
const disconnect = <D extends Diagram>(data: D, a: string, b: string): D => {
  if (!areConnected(data, a, b)) return data;
  return {
    ...data,
    nodes: data.nodes.map((node) =>
      node.id === a ? dropRelationsTo(node, b) : node.id === b ? dropRelationsTo(node, a) : node,
    ),
    edges: data.edges.filter(
      (edge) =>
        !((edge.source === a && edge.target === b) || (edge.source === b && edge.target === a)),
    ),
  };
};

export type Handles = { sourceHandle?: string | null; targetHandle?: string | null };

/**
 * Joins `sourceId` to `targetId`: the source's relation (`relation`, with `to` and
 * `sourceOrTarget` filled in) at `index` — appended when undefined — its mirror on the target,
 * and a labeled edge.
 */
const attach = <D extends Diagram>(
  data: D,
  sourceId: string,
  targetId: string,
  relation: Pick<ModelRelation, 'type' | 'required'>,
  index: number | undefined,
  handles: Handles,
  edgeId: string,
): D => {
  const own: ModelRelation = { ...relation, to: targetId, sourceOrTarget: 'source' };
  const mirror: ModelRelation = {
    to: sourceId,
    sourceOrTarget: 'target',
    type: mirrorRelationType(relation.type),
    required: relation.required,
  };
  const edge: RelationEdge = {
    id: edgeId,
    source: sourceId,
    target: targetId,
    sourceHandle: handles.sourceHandle ?? SOURCE_HANDLE,
    targetHandle: handles.targetHandle ?? TARGET_HANDLE,
    type: RELATION_EDGE_TYPE,
    data: { startLabel: endLabel(own), endLabel: endLabel(mirror) },
  };
  return {
    ...data,
    nodes: data.nodes.map((node) => {
      if (node.id === sourceId) {
        const relations =
          index === undefined
            ? [...node.data.relations, own]
            : node.data.relations.map((other, i) => (i === index ? own : other));
        return withData(node, { relations });
      }
      if (node.id === targetId)
        return withData(node, { relations: [...node.data.relations, mirror] });
      return node;
    }),
    edges: [...data.edges, edge],
  };
};

// The rules.

/**
 * Spec §3: a 'New Model' without fields or relations, placed at a random 0–50 offset from the
 * top-left corner of what is on screen (the viewport's origin in flow coordinates).
 */
export const addModel = <D extends Diagram>(
  data: D,
  viewport: Viewport,
  random: () => number = Math.random,
  id: string = createId(),
): D => {
  const node: ModelNode = {
    id,
    type: MODEL_NODE_TYPE,
    position: {
      x: -viewport.x / viewport.zoom + random() * 50,
      y: -viewport.y / viewport.zoom + random() * 50,
    },
    data: { title: NEW_MODEL_TITLE, fields: [], relations: [] },
  };
  return { ...data, nodes: [...data.nodes, node] };
};

/**
 * Spec §4: connecting two models gives both a required OneToOne relation and joins them by a
 * labeled edge ('1' at both ends). Nothing happens for a model and itself, for a model that does
 * not exist, or for two models already joined (either way).
 */
export const connect = <D extends Diagram>(
  data: D,
  sourceId: string,
  targetId: string,
  handles: Handles = {},
  edgeId: string = createId(),
): D => {
  if (sourceId === targetId) return data;
  const ids = new Set(data.nodes.map((node) => node.id));
  if (!ids.has(sourceId) || !ids.has(targetId)) return data;
  if (areConnected(data, sourceId, targetId)) return data;
  return attach(
    data,
    sourceId,
    targetId,
    { type: 'OneToOne', required: true },
    undefined,
    handles,
    edgeId,
  );
};

/** Spec §4: removing edges removes the matching relations on both models. */
export const removeEdges = <D extends Diagram>(data: D, edgeIds: readonly string[]): D => {
  let next = data;
  for (const id of edgeIds) {
    const edge = next.edges.find((other) => other.id === id);
    if (edge) next = disconnect(next, edge.source, edge.target);
  }
  return next;
};

/**
 * Moves one end of an edge to another model (React Flow's reconnect): the old pair of relations
 * goes and the new pair comes, each model's relation keeping its type and Required, so the labels
 * stay as they were. The model that stays keeps its relation in its place in the list. Nothing
 * happens for an unknown edge or model, for a model and itself, or for two models already joined.
 */
export const reconnect = <D extends Diagram>(
  data: D,
  edgeId: string,
  { source, target }: { source: string; target: string },
): D => {
  const edge = data.edges.find((other) => other.id === edgeId);
  if (!edge || (edge.source === source && edge.target === target)) return data;
  if (source === target) return data;
  const ids = new Set(data.nodes.map((node) => node.id));
  if (!ids.has(source) || !ids.has(target) || areConnected(data, source, target)) return data;
  const byId = (id: string) => data.nodes.find((node) => node.id === id);
  // A pair made outside the rules may lack a relation: fall back to what connecting gives.
  const fallback = { type: 'OneToOne', required: true } as const;
  const fromSource = relationTo(byId(edge.source), edge.target);
  const fromTarget = relationTo(byId(edge.target), edge.source);
  const own: ModelRelation = {
    to: target,
    sourceOrTarget: 'source',
    type: fromSource?.type ?? fallback.type,
    required: fromSource?.required ?? fallback.required,
  };
  const mirror: ModelRelation = {
    to: source,
    sourceOrTarget: 'target',
    type: fromTarget?.type ?? mirrorRelationType(own.type),
    required: fromTarget?.required ?? fallback.required,
  };
  /** The model's relation to its old partner: replaced in place when it stays, else dropped. */
  const settle = (node: ModelNode, oldPartner: string, stays: boolean, relation: ModelRelation) =>
    stays && node.data.relations.some((other) => other.to === oldPartner)
      ? withData(node, {
          relations: node.data.relations.map((other) =>
            other.to === oldPartner ? relation : other,
          ),
        })
      : dropRelationsTo(node, oldPartner);
  const keepsSource = source === edge.source;
  const keepsTarget = target === edge.target;
  const nodes = data.nodes.map((original) => {
    let node = original;
    if (node.id === edge.source) node = settle(node, edge.target, keepsSource, own);
    else if (node.id === edge.target) node = settle(node, edge.source, keepsTarget, mirror);
    const appended = [
      ...(node.id === source && !(keepsSource && fromSource) ? [own] : []),
      ...(node.id === target && !(keepsTarget && fromTarget) ? [mirror] : []),
    ];
    return appended.length > 0
      ? withData(node, { relations: [...node.data.relations, ...appended] })
      : node;
  });
  const moved: RelationEdge = {
    ...edge,
    source,
    target,
    data: { startLabel: endLabel(own), endLabel: endLabel(mirror) },
  };
  return { ...data, nodes, edges: data.edges.map((other) => (other === edge ? moved : other)) };
};

/** Spec §4: deleting models removes them, their edges and every relation pointing at them. */
export const deleteModels = <D extends Diagram>(data: D, nodeIds: readonly string[]): D => {
  const gone = new Set(nodeIds);
  if (!data.nodes.some((node) => gone.has(node.id))) return data;
  return {
    ...data,
    nodes: data.nodes
      .filter((node) => !gone.has(node.id))
      .map((node) =>
        node.data.relations.some((relation) => relation.to !== null && gone.has(relation.to))
          ? withData(node, {
              relations: node.data.relations.filter(
                (relation) => relation.to === null || !gone.has(relation.to),
              ),
            })
          : node,
      ),
    edges: data.edges.filter((edge) => !gone.has(edge.source) && !gone.has(edge.target)),
  };
};

/**
 * Spec §4: a relation's new type, the opposite on the other model (OneToMany ↔ ManyToOne, the
 * others the same), and the edge's end labels recomputed.
 */
export const setRelationType = <D extends Diagram>(
  data: D,
  nodeId: string,
  index: number,
  type: RelationType,
): D => {
  const relation = data.nodes.find((node) => node.id === nodeId)?.data.relations[index];
  if (!relation || relation.type === type) return data;
  let next = mapNode(data, nodeId, (node) =>
    withData(node, {
      relations: node.data.relations.map((other, i) => (i === index ? { ...other, type } : other)),
    }),
  );
  const otherId = relation.to;
  if (otherId === null) return next;
  next = mapNode(next, otherId, (node) =>
    withData(node, {
      relations: node.data.relations.map((other) =>
        other.to === nodeId ? { ...other, type: mirrorRelationType(type) } : other,
      ),
    }),
  );
  return relabel(next, nodeId, otherId);
};

/** A relation's Required toggle; the label at its model's end of the edge follows. */
export const setRelationRequired = <D extends Diagram>(
  data: D,
  nodeId: string,
  index: number,
  required: boolean,
): D => {
  const relation = data.nodes.find((node) => node.id === nodeId)?.data.relations[index];
  if (!relation || relation.required === required) return data;
  const next = mapNode(data, nodeId, (node) =>
    withData(node, {
      relations: node.data.relations.map((other, i) =>
        i === index ? { ...other, required } : other,
      ),
    }),
  );
  return relation.to === null ? next : relabel(next, nodeId, relation.to);
};

/** The models a relation of `nodeId` may point at: any other model not joined to it already. */
export const canTarget = (data: Diagram, nodeId: string, targetId: string) =>
  nodeId !== targetId &&
  data.nodes.some((node) => node.id === targetId) &&
  !areConnected(data, nodeId, targetId);

/**
 * Choosing the target of a relation in edit mode ('Add relation'): like connecting, but with the
 * relation's own type and Required — the target gets the mirror and the two an edge. Only to a
 * different model not joined to this one yet (spec §5). A relation that had a target lets go of
 * it first (its mirror and edge go); '' or null leaves the relation unfinished again.
 */
export const setRelationTarget = <D extends Diagram>(
  data: D,
  nodeId: string,
  index: number,
  targetId: string | null,
  edgeId: string = createId(),
): D => {
  const relation = data.nodes.find((node) => node.id === nodeId)?.data.relations[index];
  if (!relation || relation.to === (targetId || null)) return data;
  if (targetId && !canTarget(data, nodeId, targetId)) return data;
  let next = data;
  if (relation.to !== null) {
    // Let go of the old target: its mirror and the edge go, this relation stays in its place.
    const old = relation.to;
    next = mapNode(next, old, (node) => dropRelationsTo(node, nodeId));
    next = {
      ...next,
      edges: next.edges.filter(
        (edge) =>
          !(
            (edge.source === nodeId && edge.target === old) ||
            (edge.source === old && edge.target === nodeId)
          ),
      ),
    };
  }
  if (!targetId)
    return mapNode(next, nodeId, (node) =>
      withData(node, {
        relations: node.data.relations.map((other, i) =>
          i === index ? { ...other, to: null, sourceOrTarget: 'source' } : other,
        ),
      }),
    );
  return attach(next, nodeId, targetId, relation, index, {}, edgeId);
};

// Edit mode (spec §4, §5).

export const setModelTitle = <D extends Diagram>(data: D, nodeId: string, title: string): D =>
  mapNode(data, nodeId, (node) => (node.data.title === title ? node : withData(node, { title })));

/** Spec §5: blocked while an attribute has no name. */
export const canAddAttribute = (model: ModelNodeData) =>
  !model.fields.some((field) => field.label.trim() === '');

/** Spec §3: a new attribute is a string, not required; its name is typed next. */
export const addAttribute = <D extends Diagram>(data: D, nodeId: string): D =>
  mapNode(data, nodeId, (node) =>
    canAddAttribute(node.data)
      ? withData(node, {
          fields: [...node.data.fields, { label: '', type: 'string', required: false }],
        })
      : node,
  );

export const updateAttribute = <D extends Diagram>(
  data: D,
  nodeId: string,
  index: number,
  change: Partial<ModelField>,
): D =>
  mapNode(data, nodeId, (node) => {
    const field = node.data.fields[index];
    if (!field) return node;
    const next = { ...field, ...change };
    if (next.label === field.label && next.type === field.type && next.required === field.required)
      return node;
    return withData(node, { fields: node.data.fields.map((f, i) => (i === index ? next : f)) });
  });

export const removeAttribute = <D extends Diagram>(data: D, nodeId: string, index: number): D =>
  mapNode(data, nodeId, (node) =>
    index in node.data.fields
      ? withData(node, { fields: node.data.fields.filter((_, i) => i !== index) })
      : node,
  );

/** Spec §5: blocked while a relation has no target yet. */
export const canAddRelation = (model: ModelNodeData) =>
  !model.relations.some((relation) => relation.to === null);

/** An unfinished relation ('Connect a model...'), required OneToOne like a drawn connection. */
export const addRelation = <D extends Diagram>(data: D, nodeId: string): D =>
  mapNode(data, nodeId, (node) =>
    canAddRelation(node.data)
      ? withData(node, {
          relations: [
            ...node.data.relations,
            { to: null, sourceOrTarget: 'source', type: 'OneToOne', required: true },
          ],
        })
      : node,
  );

/** Removing a relation that has a target removes its mirror and the edge too, as removing the edge does. */
export const removeRelation = <D extends Diagram>(data: D, nodeId: string, index: number): D => {
  const relation = data.nodes.find((node) => node.id === nodeId)?.data.relations[index];
  if (!relation) return data;
  if (relation.to !== null) return disconnect(data, nodeId, relation.to);
  return mapNode(data, nodeId, (node) =>
    withData(node, { relations: node.data.relations.filter((_, i) => i !== index) }),
  );
};

/** Spec §4 'done': attributes without a name and relations without a target are dropped. */
export const finishEditing = <D extends Diagram>(data: D, nodeId: string): D =>
  mapNode(data, nodeId, (node) => {
    const fields = node.data.fields.filter((field) => field.label.trim() !== '');
    const relations = node.data.relations.filter((relation) => relation.to !== null);
    return fields.length === node.data.fields.length &&
      relations.length === node.data.relations.length
      ? node
      : withData(node, { fields, relations });
  });

/** `finishEditing` for every model in edit mode, as Save stores them (decision 0013). */
export const finishEditingAll = <D extends Diagram>(data: D, nodeIds: Iterable<string>): D => {
  let next = data;
  for (const id of nodeIds) next = finishEditing(next, id);
  return next;
};

// Accessible names.

/**
 * The accessible name of a relation edge, as a screen reader announces it: 'Customer to Order,
 * OneToMany' — the source model's relation type, 'Unnamed model' for a model without a title.
 */
export const relationEdgeName = (source: ModelNode | undefined, target: ModelNode | undefined) => {
  const type = target ? relationTo(source, target.id)?.type : undefined;
  const name = `${relationTargetTitle(source?.data)} to ${relationTargetTitle(target?.data)}`;
  return type ? `${name}, ${type}` : name;
};

/**
 * Gives every edge its accessible name (`ariaLabel`, which React Flow puts on the edge; its own
 * is 'Edge from <id> to <id>'). Only edges whose name changes become new objects, and a diagram
 * whose names are all current is answered as it is, so a drag costs no edge a re-render.
 * `previous`, the named diagram this one was made from, saves the work when no edge and no
 * model's data changed (a drag moves positions only).
 */
export const nameEdges = <D extends Diagram>(data: D, previous?: Diagram): D => {
  if (data.edges.length === 0) return data;
  if (
    previous &&
    previous.edges === data.edges &&
    previous.nodes.length === data.nodes.length &&
    data.nodes.every((node, index) => node.data === previous.nodes[index]?.data)
  )
    return data;
  const byId = new Map(data.nodes.map((node) => [node.id, node]));
  let changed = false;
  const edges = data.edges.map((edge) => {
    const ariaLabel = relationEdgeName(byId.get(edge.source), byId.get(edge.target));
    if (edge.ariaLabel === ariaLabel) return edge;
    changed = true;
    return { ...edge, ariaLabel };
  });
  return changed ? { ...data, edges } : data;
};

// Saving.

/**
 * The diagram as it is stored: only the documented keys, none of React Flow's own (`selected`,
 * `measured`, `dragging`, ...), which change with every click and would only grow the string.
 */
export const toCanvasData = (data: Diagram, viewport: Viewport): CanvasData => ({
  ...storedDiagram(data),
  viewport: { x: viewport.x, y: viewport.y, zoom: viewport.zoom },
});

/**
 * The nodes and edges as stored. Keys are written in one order, whatever order a rule or the
 * server's JSON gave them, so that the same diagram always reads as the same string.
 */
const storedDiagram = (data: Diagram): Diagram => ({
  nodes: data.nodes.map(({ id, type, position, data: model }) => ({
    id,
    type,
    position: { x: position.x, y: position.y },
    data: {
      title: model.title,
      fields: model.fields.map(({ label, type, required }) => ({ label, type, required })),
      relations: model.relations.map(({ to, sourceOrTarget, type, required }) => ({
        to,
        sourceOrTarget,
        type,
        required,
      })),
    },
  })),
  edges: data.edges.map(
    ({ id, source, target, sourceHandle, targetHandle, type, data: labels }) => ({
      id,
      source,
      target,
      sourceHandle: sourceHandle ?? null,
      targetHandle: targetHandle ?? null,
      type,
      data: { startLabel: labels.startLabel, endLabel: labels.endLabel },
    }),
  ),
});

/**
 * The diagram's content as one string, to tell whether it differs from what was last saved:
 * the stored nodes and edges, without the viewport — looking around is not an edit. Costs a
 * serialisation of the whole diagram, so callers ask when it matters, not on every frame.
 */
export const diagramContent = (data: Diagram): string => JSON.stringify(storedDiagram(data));
