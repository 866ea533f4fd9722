import type * as Y from 'yjs';
import { readEdge, readModel } from '@portal/contract/canvas-live';
import type { Diagram } from '../lib/canvas-rules';

/**
 * The document's models and edges named in `changed`, taken into `diagram` — only those are read
 * (a remote change while 300 models are drawn costs the changed ones). A node keeps what did not
 * change (its data object, so its box does not re-render) and React Flow's own keys.
 */
export const takeRemote = (
  diagram: Diagram,
  doc: Y.Doc,
  changed: { models: Set<string>; edges: Set<string> },
): Diagram => {
  const take = <T extends { id: string; data: unknown }>(
    drawn: T[],
    ids: Set<string>,
    read: (id: string) => T | null,
    merge: (drawn: T, next: T) => T,
  ) => {
    // Nothing of this kind changed: the same array, or React Flow would rebuild its lookups of
    // every edge (600 on the bench's canvas) for a change that moved three models.
    if (ids.size === 0) return drawn;
    const fresh = new Map([...ids].map((id) => [id, read(id)]));
    let same = true;
    const kept = drawn.flatMap((item) => {
      if (!ids.has(item.id)) return [item];
      const next = fresh.get(item.id);
      const merged = next ? merge(item, next) : null;
      if (merged !== item) same = false;
      return merged ? [merged] : [];
    });
    const known = new Set(drawn.map((item) => item.id));
    for (const [id, next] of fresh)
      if (next && !known.has(id)) {
        kept.push(next);
        same = false;
      }
    return same ? drawn : kept;
  };
  const sameData = <T>(a: T, b: T) => a === b || JSON.stringify(a) === JSON.stringify(b);
  const nodes = take(
    diagram.nodes,
    changed.models,
    (id) => readModel(doc, id),
    (item, next) => {
      const position =
        item.position.x === next.position.x && item.position.y === next.position.y
          ? item.position
          : next.position;
      const data = sameData(item.data, next.data) ? item.data : next.data;
      return position === item.position && data === item.data ? item : { ...item, position, data };
    },
  );
  const edges = take(
    diagram.edges,
    changed.edges,
    (id) => readEdge(doc, id),
    (item, next) =>
      item.source === next.source &&
      item.target === next.target &&
      item.sourceHandle === next.sourceHandle &&
      item.targetHandle === next.targetHandle &&
      sameData(item.data, next.data)
        ? item
        : { ...item, ...next },
  );
  // An echo of what is drawn already (an undo of nothing, a change taken back) changes nothing.
  return nodes === diagram.nodes && edges === diagram.edges ? diagram : { nodes, edges };
};
