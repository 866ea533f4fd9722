import { useRef, useState } from 'react';
import type {
  Active,
  Announcements,
  DragEndEvent,
  DragOverEvent,
  DragStartEvent,
  Modifier,
  UniqueIdentifier,
} from '@dnd-kit/core';
import { moveItem } from '@portal/contract/ordering';
import {
  locateChild,
  moveChild,
  renumber,
  type ChildLocation,
  type NestedKeys,
} from '../../lib/nested-list';
import { hopIndex, useNestedCollisions, type NestedDroppable } from './nested-sortable';
import { useSortableSensors } from './sortable-list';

/** A board's parents and children move up and down only. */
export const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/** What a screen reader hears while a board is dragged; `label` names a draggable by its id. */
export const boardAnnouncements = ({
  name,
  where,
}: {
  /** What a dragged thing is: "item Wireframes", "flow Checkout". */
  name: (id: UniqueIdentifier) => string;
  /** Where a thing is on the board: "position 2 of 5 in section Design". */
  where: (id: UniqueIdentifier) => string;
}): Announcements => ({
  onDragStart: ({ active }) => `Picked up ${name(active.id)}, ${where(active.id)}.`,
  // The dragged thing takes the place of what it is over: that place is its new position (its
  // own entry still shows the old one until the drop).
  onDragOver: ({ active, over }) =>
    over ? `${name(active.id)} moved to ${where(over.id)}.` : undefined,
  onDragEnd: ({ active, over }) =>
    over ? `Dropped ${name(active.id)} at ${where(over.id)}.` : `Dropped ${name(active.id)}.`,
  onDragCancel: ({ active }) =>
    `Moving was cancelled. ${name(active.id)} is back at ${where(active.id)}.`,
});

/** Whether a board's dnd-kit id is of this kind: ids carry their kind, "section:4", "items:4". */
export const isBoardId = (id: UniqueIdentifier, kind: string) => String(id).startsWith(`${kind}:`);

/** The record id in a board's dnd-kit id ("item:9" → 9). */
const boardIdNumber = (id: UniqueIdentifier) => {
  const key = String(id);
  return Number(key.slice(key.indexOf(':') + 1));
};

/**
 * `boardAnnouncements`' words on a two-level board, from what it shows: a parent by its label
 * and "position 2 of 5", its child list as "the end of" it, and a child by its label and its
 * place in its parent. `kinds` are the id kinds of a parent and of its child list; any other id
 * is a child's.
 */
export const boardPlaces = <
  K extends string,
  T extends { id: number } & Record<K, readonly { id: number }[]>,
>({
  shown,
  children,
  kinds,
  parentLabel,
  childLabel,
  childPlace,
  unknown,
}: {
  shown: readonly T[];
  /** The parents' key holding their children. */
  children: K;
  kinds: { parent: string; list: string };
  /** "section Design", "flow Checkout". */
  parentLabel: (parent: T) => string;
  /** "item Wireframes", "step 2". */
  childLabel: (child: T[K][number], index: number) => string;
  /** Where a child is among its parent's `count`: "position 2 of 5", "step 2 of 5". */
  childPlace: (index: number, count: number) => string;
  /** What a parent or a child is called while it is not on the board: "a section", "an item". */
  unknown: { parent: string; child: string };
}) => {
  const parentOf = (id: UniqueIdentifier) => shown.find((entry) => entry.id === boardIdNumber(id));
  const childOf = (id: UniqueIdentifier) => {
    const at = locateChild(shown, children, boardIdNumber(id));
    const parent = at && shown.find((entry) => entry.id === at.parentId);
    const child = at && parent?.[children][at.index];
    return at && parent && child ? { parent, child, index: at.index } : null;
  };
  const isParentOrList = (id: UniqueIdentifier) =>
    isBoardId(id, kinds.parent) || isBoardId(id, kinds.list);

  return {
    name: (id: UniqueIdentifier) => {
      if (isParentOrList(id)) {
        const parent = parentOf(id);
        return parent ? parentLabel(parent) : unknown.parent;
      }
      const at = childOf(id);
      return at ? childLabel(at.child, at.index) : unknown.child;
    },
    where: (id: UniqueIdentifier) => {
      if (isBoardId(id, kinds.parent)) {
        const index = shown.findIndex((entry) => entry.id === boardIdNumber(id));
        return `position ${index + 1} of ${shown.length}`;
      }
      if (isBoardId(id, kinds.list)) {
        const parent = parentOf(id);
        return parent ? `the end of ${parentLabel(parent)}` : unknown.parent;
      }
      const at = childOf(id);
      return at
        ? `${childPlace(at.index, at.parent[children].length)} in ${parentLabel(at.parent)}`
        : 'its place';
    },
  };
};

type Entry = { data: { current?: unknown } } | null | undefined;

/** A draggable or droppable of the board: `child` names the child's id when it is one. */
export type BoardEntry = NestedDroppable & { child?: number | undefined };

type Child<P extends string> = { id: number; order: number } & Record<P, number>;
type Parent<K extends string, C> = { id: number; order: number } & Record<K, readonly C[]>;

export type NestedBoardOptions<
  K extends string,
  P extends string,
  C extends Child<P>,
  T extends Parent<K, C>,
> = {
  /** The parents as cached, each with its ordered children. */
  parents: readonly T[];
  /** The parents' key holding their children, and the children's key naming their parent. */
  keys: NestedKeys<K, P>;
  /** What a dnd-kit entry is (from its `data`), or null for anything else. */
  describe: (entry: Entry) => BoardEntry | null;
  /** A parent was dropped at another place; the parents on screen already show it. */
  onMoveParent(move: { parentId: number; from: number; to: number }): void;
  /** A child was dropped at another place, in its parent or another. */
  onMoveChild(move: { childId: number; to: ChildLocation }): void;
  /** Runs first when a parent or a child is picked up (the test plan folds for a flow). */
  onStart?(picked: BoardEntry, active: Active): void;
  /** Runs first when anything is dropped (with what was dragged) or the drag is cancelled (null). */
  onEnd?(dropped: BoardEntry | null): void;
};

type Drag<T> = {
  kind: 'parent' | 'child';
  /** The parent's or the child's id. */
  id: number;
  /** The parents this drag started from (the cached ones). */
  base: readonly T[];
  /** The arrangement on screen: children hop between parents while dragged, and stay dropped. */
  parents: readonly T[];
  /** False once dropped: the arrangement shows until the cache catches up with it. */
  active: boolean;
};

/**
 * The drag and drop rules of a two-level sortable board (estimate sections and items, test flows
 * and steps; DESIGN §4): parents reorder among themselves; a child reorders within its parent or
 * hops into another as soon as it is dragged over it, so that parent makes room. A drop shows
 * the new order at once (optimistically) and hands the move to the caller, who persists it; the
 * drop stays on screen until the cache holds the move, or anything newer.
 *
 * The board renders `shown` and spreads `dndProps` on its DndContext.
 */
export const useNestedBoard = <
  K extends string,
  P extends string,
  C extends Child<P>,
  T extends Parent<K, C>,
>({
  parents,
  keys,
  describe,
  onMoveParent,
  onMoveChild,
  onStart,
  onEnd,
}: NestedBoardOptions<K, P, C, T>) => {
  const [drag, setDrag] = useState<Drag<T> | null>(null);
  const origin = useRef<ChildLocation | null>(null);

  if (drag && !drag.active && drag.base !== parents) setDrag(null);
  const shown = drag ? drag.parents : parents;

  const { collisionDetection, start, hopped } = useNestedCollisions(describe, drag?.parents);
  const sensors = useSortableSensors();

  const locate = (list: readonly T[], childId: number) => locateChild(list, keys.children, childId);

  const onDragStart = ({ active }: DragStartEvent) => {
    const entry = describe(active);
    if (!entry || entry.kind === 'list') return;
    start();
    onStart?.(entry, active);
    if (entry.kind === 'child' && entry.child !== undefined) {
      origin.current = locate(parents, entry.child);
      setDrag({ kind: 'child', id: entry.child, base: parents, parents, active: true });
    } else {
      setDrag({ kind: 'parent', id: entry.parent, base: parents, parents, active: true });
    }
  };

  const onDragOver = ({ active, over }: DragOverEvent) => {
    const entry = describe(active);
    const overEntry = describe(over);
    if (!drag || entry?.kind !== 'child' || entry.child === undefined || !over || !overEntry)
      return;
    const current = locate(drag.parents, entry.child);
    if (!current || current.parentId === overEntry.parent) return;
    const target = drag.parents.find((parent) => parent.id === overEntry.parent);
    if (!target) return;
    const index = hopIndex(
      active,
      over,
      target[keys.children],
      overEntry.kind === 'child' ? (overEntry.child ?? null) : null,
    );
    hopped();
    setDrag({
      ...drag,
      parents: moveChild(drag.parents, keys, entry.child, { parentId: overEntry.parent, index }),
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const entry = describe(active);
    const overEntry = describe(over);
    onEnd?.(drag && entry && entry.kind !== 'list' ? entry : null);
    if (!drag || !entry) return setDrag(null);

    if (entry.kind === 'parent') {
      const from = drag.parents.findIndex((parent) => parent.id === entry.parent);
      const to = overEntry
        ? drag.parents.findIndex((parent) => parent.id === overEntry.parent)
        : -1;
      if (from < 0 || to < 0 || from === to) return setDrag(null);
      setDrag({
        ...drag,
        base: parents,
        parents: renumber(moveItem(drag.parents, from, to)),
        active: false,
      });
      onMoveParent({ parentId: entry.parent, from, to });
      return;
    }

    const childId = entry.child;
    if (entry.kind !== 'child' || childId === undefined) return setDrag(null);
    let arranged = drag.parents;
    const at = locate(arranged, childId);
    if (at && overEntry?.kind === 'child' && overEntry.child !== childId) {
      const overAt = overEntry.child === undefined ? null : locate(arranged, overEntry.child);
      if (overAt && overAt.parentId === at.parentId)
        arranged = moveChild(arranged, keys, childId, overAt);
    }
    const final = locate(arranged, childId);
    const begin = origin.current;
    if (!final || !begin || (final.parentId === begin.parentId && final.index === begin.index))
      return setDrag(null);
    setDrag({ ...drag, base: parents, parents: arranged, active: false });
    onMoveChild({ childId, to: final });
  };

  return {
    /** What is on screen: the cached parents, or the arrangement of a drag. */
    shown,
    /** What is being dragged right now (not after the drop). */
    dragging: drag?.active ? { kind: drag.kind, id: drag.id } : null,
    /** For the board's DndContext (with its own autoScroll and announcements). */
    dndProps: {
      sensors,
      collisionDetection,
      modifiers: [verticalOnly],
      onDragStart,
      onDragOver,
      onDragEnd,
      onDragCancel: () => {
        onEnd?.(null);
        setDrag(null);
      },
    },
  };
};
