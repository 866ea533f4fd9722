import { moveItem } from '@portal/contract/ordering';

/**
 * Two-level ordered lists held in the cache (estimate sections and their items, test flows and
 * their steps): the rules live here once, each area names its own keys. Every function answers
 * new arrays and leaves its input untouched.
 */

/** Positions follow the array: `order` is always the 0-based index (DESIGN §3 ordering). */
export const renumber = <T extends { order: number }>(list: readonly T[]): T[] =>
  list.map((entry, index) => (entry.order === index ? entry : { ...entry, order: index }));

/**
 * `list` with `child` (replacing one with its id) at its own `order`: the end for a child just
 * created, its old place for one an Undo re-created there.
 */
export const placeAtOrder = <T extends { id: number; order: number }>(
  list: readonly T[],
  child: T,
): T[] => {
  const others = list.filter((other) => other.id !== child.id);
  others.splice(child.order, 0, child);
  return renumber(others);
};

export type ChildLocation = { parentId: number; index: number };

/**
 * `children`: the parent's key holding its ordered children; `parent`: the child's key naming
 * its parent's id.
 */
export type NestedKeys<ChildrenKey extends string, ParentKey extends string> = {
  children: ChildrenKey;
  parent: ParentKey;
};

type Child<P extends string> = { id: number; order: number } & Record<P, number>;
type Parent<K extends string, C> = { id: number } & Record<K, readonly C[]>;

/** Where a child is: its parent and its index there, or null. */
export const locateChild = <K extends string, C extends { id: number }>(
  parents: readonly Parent<K, C>[],
  children: K,
  childId: number,
): ChildLocation | null => {
  for (const parent of parents) {
    const index = parent[children].findIndex((child) => child.id === childId);
    if (index >= 0) return { parentId: parent.id, index };
  }
  return null;
};

/**
 * The parents with a child moved to `to.index` of parent `to.parentId` (clamped to that parent's
 * children, counted without the moved child), in the same parent or another; a child that
 * changes parent names its new one.
 */
export const moveChild = <
  K extends string,
  P extends string,
  C extends Child<P>,
  T extends Parent<K, C>,
>(
  parents: readonly T[],
  keys: NestedKeys<K, P>,
  childId: number,
  to: ChildLocation,
): T[] => {
  const from = locateChild(parents, keys.children, childId);
  const target = parents.find((parent) => parent.id === to.parentId);
  if (!from || !target) return [...parents];
  const source = parents.find((parent) => parent.id === from.parentId);
  const moving = source?.[keys.children][from.index];
  if (!moving) return [...parents];
  const withChildren = (parent: T, list: readonly C[]): T => ({
    ...parent,
    [keys.children]: renumber(list),
  });
  if (from.parentId === to.parentId)
    return parents.map((parent) =>
      parent.id === to.parentId
        ? withChildren(parent, moveItem(parent[keys.children], from.index, to.index))
        : parent,
    );
  const moved: C = { ...moving, [keys.parent]: to.parentId };
  return parents.map((parent) => {
    if (parent.id === from.parentId)
      return withChildren(
        parent,
        parent[keys.children].filter((child) => child.id !== childId),
      );
    if (parent.id === to.parentId) {
      const list = [...parent[keys.children]];
      list.splice(Math.min(Math.max(to.index, 0), list.length), 0, moved);
      return withChildren(parent, list);
    }
    return parent;
  });
};
