import type * as DagreModule from '@dagrejs/dagre';
import type { ModelNodeData } from '@portal/contract/canvas';

/**
 * Where imported models go: each group of related models laid out by dagre (referenced tables to
 * the left of the tables that refer to them), the groups then packed in rows like words in a
 * paragraph, so a schema of many unrelated tables does not become one endless column.
 */

export type Box = { id: string; width: number; height: number };
export type Link = { from: string; to: string };
export type Point = { x: number; y: number };

/**
 * A model box's size as the editor draws it in view mode (w-64; a header, then one 20 px row per
 * attribute and per relation under two headings), rounded up: boxes laid out by an estimate that
 * is too small would overlap once drawn.
 */
export const MODEL_WIDTH = 256;
export const modelHeight = (data: Pick<ModelNodeData, 'fields' | 'relations'>) =>
  48 +
  24 +
  2 * 22 +
  12 +
  22 * Math.max(1, data.fields.length) +
  22 * Math.max(1, data.relations.length);

const GROUP_GAP = 100;
const NODE_GAP = 60;
const RANK_GAP = 140;

type Placed = { positions: Map<string, Point>; width: number; height: number };

/** Connected groups, each in the order its boxes were given. */
const groupsOf = (boxes: readonly Box[], links: readonly Link[]) => {
  const parent = new Map(boxes.map((box) => [box.id, box.id]));
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root) ?? root;
    parent.set(id, root);
    return root;
  };
  for (const link of links)
    if (parent.has(link.from) && parent.has(link.to)) parent.set(find(link.from), find(link.to));
  const groups = new Map<string, Box[]>();
  for (const box of boxes) {
    const root = find(box.id);
    groups.set(root, [...(groups.get(root) ?? []), box]);
  }
  return [...groups.values()];
};

type Dagre = typeof DagreModule;

const layoutGroup = (dagre: Dagre, boxes: Box[], links: readonly Link[]): Placed => {
  if (boxes.length === 1) {
    const [box] = boxes;
    return box
      ? { positions: new Map([[box.id, { x: 0, y: 0 }]]), width: box.width, height: box.height }
      : { positions: new Map(), width: 0, height: 0 };
  }
  const graph = new dagre.graphlib.Graph({ multigraph: true });
  graph.setGraph({ rankdir: 'LR', nodesep: NODE_GAP, ranksep: RANK_GAP, marginx: 0, marginy: 0 });
  graph.setDefaultEdgeLabel(() => ({}));
  const ids = new Set(boxes.map((box) => box.id));
  for (const box of boxes) graph.setNode(box.id, { width: box.width, height: box.height });
  links.forEach((link, index) => {
    if (ids.has(link.from) && ids.has(link.to) && link.from !== link.to)
      graph.setEdge(link.to, link.from, {}, String(index));
  });
  dagre.layout(graph);
  const positions = new Map<string, Point>();
  let width = 0;
  let height = 0;
  for (const box of boxes) {
    const node = graph.node(box.id);
    // dagre answers centres; the canvas stores top-left corners.
    const x = (node.x ?? 0) - box.width / 2;
    const y = (node.y ?? 0) - box.height / 2;
    positions.set(box.id, { x, y });
    width = Math.max(width, x + box.width);
    height = Math.max(height, y + box.height);
  }
  return { positions, width, height };
};

/** Top-left corners for `boxes`, starting at `origin`; no two boxes overlap. */
export const layoutBoxes = async (
  boxes: readonly Box[],
  links: readonly Link[],
  origin: Point = { x: 0, y: 0 },
): Promise<Map<string, Point>> => {
  if (boxes.length === 0) return new Map();
  // Loaded on first use: an import is rare, and the server's memory at start is budgeted.
  const dagre: Dagre = await import('@dagrejs/dagre');
  const placed = groupsOf(boxes, links)
    .map((group) => layoutGroup(dagre, group, links))
    .sort((a, b) => b.height - a.height || b.width - a.width);
  const area = placed.reduce((sum, group) => sum + group.width * group.height, 0);
  // Rows about as wide as a 16:10 screen would want the whole to be, never narrower than a group.
  const rowWidth = Math.max(...placed.map((group) => group.width), Math.sqrt(area * 1.6));
  const positions = new Map<string, Point>();
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const group of placed) {
    if (x > 0 && x + group.width > rowWidth) {
      x = 0;
      y += rowHeight + GROUP_GAP;
      rowHeight = 0;
    }
    for (const [id, point] of group.positions)
      positions.set(id, {
        x: Math.round(origin.x + x + point.x),
        y: Math.round(origin.y + y + point.y),
      });
    x += group.width + GROUP_GAP;
    rowHeight = Math.max(rowHeight, group.height);
  }
  return positions;
};
