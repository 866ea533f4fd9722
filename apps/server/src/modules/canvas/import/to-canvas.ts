import {
  MODEL_NODE_TYPE,
  RELATION_EDGE_TYPE,
  endLabel,
  type CanvasData,
  type ModelField,
  type ModelNode,
  type ModelRelation,
  type RelationEdge,
} from '@portal/contract/canvas';
import { MODEL_WIDTH, layoutBoxes, modelHeight, type Box, type Link } from './layout';
import type { SqlForeignKey, SqlScript, SqlTable } from './sql-schema';

/**
 * A read script merged into a canvas (decision 0053): one model per table, one relation pair per
 * foreign key. The canvas relates two different models once (decision 0013), so a foreign key of
 * a table to itself, or a second one between the same two tables, keeps its columns as attributes
 * and is told in `notes`. The columns of a foreign key that became a relation are not attributes
 * too: the relation is what the canvas's exports turn back into those columns.
 */

export type ImportOutcome = {
  data: CanvasData;
  created: string[];
  updated: string[];
  relations: number;
  notes: string[];
};

const titleKey = (title: string) => title.trim().toLowerCase();
const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
const sameColumns = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((column) => b.includes(column));
const list = (columns: readonly string[]) => columns.join(', ');

type Accepted = { fk: SqlForeignKey; child: string; parent: string; unique: boolean };

/** The foreign key's columns are the whole primary key, or a unique set: each row has one. */
const isUnique = (table: SqlTable, columns: readonly string[]) =>
  sameColumns(table.primaryKey, columns) || table.uniques.some((u) => sameColumns(u, columns));

export const importIntoCanvas = async (
  current: CanvasData,
  script: SqlScript,
  newId: () => string,
): Promise<ImportOutcome> => {
  const byTitle = new Map<string, ModelNode>();
  for (const node of current.nodes)
    if (!byTitle.has(titleKey(node.data.title))) byTitle.set(titleKey(node.data.title), node);

  // Every table gets a node id: the existing model of the same name, or a new one.
  const nodeIdOf = new Map<string, string>();
  const created: string[] = [];
  const updated: string[] = [];
  for (const table of script.tables) {
    const existing = byTitle.get(titleKey(table.title));
    if (existing) updated.push(table.title);
    else created.push(table.title);
    nodeIdOf.set(table.key, existing?.id ?? newId());
  }
  const tableByKey = new Map(script.tables.map((table) => [table.key, table]));

  // Which foreign keys become relations.
  const notes: string[] = [];
  const accepted: Accepted[] = [];
  const joined = new Map<string, Accepted>();
  for (const fk of script.foreignKeys) {
    const table = tableByKey.get(fk.table);
    const child = nodeIdOf.get(fk.table);
    const parent = nodeIdOf.get(fk.references) ?? byTitle.get(titleKey(fk.referencesTitle))?.id;
    const where = `${table?.title ?? fk.table} (${list(fk.columns)}) → ${fk.referencesTitle}`;
    if (!table || !child) {
      notes.push(`${where}: the script does not create ${fk.table}, so this key is not drawn.`);
      continue;
    }
    if (!parent) {
      notes.push(
        `${where}: ${fk.referencesTitle} is neither in the script nor on the canvas, so ${list(fk.columns)} stay attributes.`,
      );
      continue;
    }
    if (parent === child) {
      notes.push(
        `${where}: a model cannot be related to itself on the canvas, so ${list(fk.columns)} stay attributes.`,
      );
      continue;
    }
    const before = joined.get(pairKey(child, parent));
    if (before) {
      notes.push(
        `${where}: these models are already related (by ${list(before.fk.columns)}), and the canvas relates two models once, so ${list(fk.columns)} stay attributes.`,
      );
      continue;
    }
    const relation = { fk, child, parent, unique: isUnique(table, fk.columns) };
    accepted.push(relation);
    joined.set(pairKey(child, parent), relation);
  }

  const relationColumns = new Map<string, Set<string>>();
  for (const { fk } of accepted) {
    const columns = relationColumns.get(fk.table) ?? new Set<string>();
    for (const column of fk.columns) columns.add(column);
    relationColumns.set(fk.table, columns);
  }
  const fieldsOf = (table: SqlTable): ModelField[] =>
    table.columns
      .filter((column) => !relationColumns.get(table.key)?.has(column.name))
      .map((column) => ({ label: column.name, type: column.type, required: column.notNull }));

  // The script says how its own tables are related: what the canvas had between them goes, and
  // so does any older pair the new relations replace. Edge ids of such pairs are kept.
  const scriptNodes = new Set(nodeIdOf.values());
  const cleared = new Set(accepted.map(({ child, parent }) => pairKey(child, parent)));
  const isCleared = (a: string, b: string) =>
    (scriptNodes.has(a) && scriptNodes.has(b)) || cleared.has(pairKey(a, b));
  const edgeIds = new Map<string, string>();
  const edges: RelationEdge[] = [];
  for (const edge of current.edges) {
    if (isCleared(edge.source, edge.target))
      edgeIds.set(pairKey(edge.source, edge.target), edge.id);
    else edges.push(edge);
  }

  const relationsOf = new Map<string, ModelRelation[]>();
  const addRelation = (node: string, relation: ModelRelation) =>
    relationsOf.set(node, [...(relationsOf.get(node) ?? []), relation]);
  for (const { fk, child, parent, unique } of accepted) {
    const table = tableByKey.get(fk.table);
    const required =
      table?.columns.filter((c) => fk.columns.includes(c.name)).every((c) => c.notNull) ?? false;
    // The referencing table is the edge's source, so the exports put the key back on its side.
    const own: ModelRelation = {
      to: parent,
      sourceOrTarget: 'source',
      type: unique ? 'OneToOne' : 'ManyToOne',
      required,
    };
    // SQL cannot say whether a row must be referenced; the other end takes the same Required,
    // as the editor's Connect gives both ends, so a diagram exported and imported reads the same.
    const mirror: ModelRelation = {
      to: child,
      sourceOrTarget: 'target',
      type: unique ? 'OneToOne' : 'OneToMany',
      required,
    };
    addRelation(child, own);
    addRelation(parent, mirror);
    edges.push({
      id: edgeIds.get(pairKey(child, parent)) ?? newId(),
      source: child,
      target: parent,
      sourceHandle: 'source',
      targetHandle: 'target',
      type: RELATION_EDGE_TYPE,
      data: { startLabel: endLabel(own), endLabel: endLabel(mirror) },
    });
  }

  const keptRelations = (node: ModelNode) =>
    node.data.relations.filter((relation) => !relation.to || !isCleared(node.id, relation.to));

  const tableOfNode = new Map(script.tables.map((table) => [nodeIdOf.get(table.key), table]));
  const nodes: ModelNode[] = current.nodes.map((node) => {
    const table = tableOfNode.get(node.id);
    const relations = [...keptRelations(node), ...(relationsOf.get(node.id) ?? [])];
    if (!table && relations.length === node.data.relations.length && !relationsOf.has(node.id))
      return node;
    return {
      ...node,
      data: { ...node.data, fields: table ? fieldsOf(table) : node.data.fields, relations },
    };
  });

  const existing = new Set(current.nodes.map((node) => node.id));
  const fresh = script.tables.filter((table) => !existing.has(nodeIdOf.get(table.key) ?? ''));
  const freshData = fresh.map((table) => {
    const id = nodeIdOf.get(table.key) ?? newId();
    return {
      id,
      data: { title: table.title, fields: fieldsOf(table), relations: relationsOf.get(id) ?? [] },
    };
  });
  const boxes: Box[] = freshData.map(({ id, data }) => ({
    id,
    width: MODEL_WIDTH,
    height: modelHeight(data),
  }));
  const freshIds = new Set(boxes.map((box) => box.id));
  const links: Link[] = accepted
    .filter(({ child, parent }) => freshIds.has(child) && freshIds.has(parent))
    .map(({ child, parent }) => ({ from: child, to: parent }));
  // New models go to the right of what the canvas holds, so none lands on an existing one.
  const right = Math.max(
    ...current.nodes.map((node) => node.position.x + (sizeOf(node)?.width ?? MODEL_WIDTH)),
  );
  const top = Math.min(...current.nodes.map((node) => node.position.y));
  const origin = current.nodes.length > 0 ? { x: right + 200, y: top } : { x: 0, y: 0 };
  const positions = await layoutBoxes(boxes, links, origin);
  for (const { id, data } of freshData)
    nodes.push({ id, type: MODEL_NODE_TYPE, position: positions.get(id) ?? origin, data });

  return {
    data: {
      nodes,
      edges,
      // An empty canvas opens on the imported models' corner; otherwise the view stays.
      viewport: current.nodes.length > 0 ? current.viewport : { x: 40, y: 40, zoom: 0.75 },
    },
    created,
    updated,
    relations: accepted.length,
    notes,
  };
};

/** React Flow's measured size, which a saved node carries. */
const sizeOf = (node: ModelNode) => {
  const measured: unknown = node['measured'];
  if (typeof measured !== 'object' || measured === null) return null;
  const width = 'width' in measured && typeof measured.width === 'number' ? measured.width : null;
  return width === null ? null : { width };
};
