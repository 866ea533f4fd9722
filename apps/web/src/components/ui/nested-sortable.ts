import { useEffect, useRef } from 'react';
import {
  closestCenter,
  getFirstCollision,
  pointerWithin,
  rectIntersection,
  type Active,
  type ClientRect,
  type CollisionDetection,
  type Over,
  type UniqueIdentifier,
} from '@dnd-kit/core';

/**
 * What a droppable of a two-level sortable is (estimate sections and items, test flows and
 * steps): a parent, a child, or the list of a parent's children (a parent's body, where an empty
 * parent or the end of one takes a child); `parent` names the parent it belongs to.
 */
export type NestedDroppable = { kind: 'parent' | 'child' | 'list'; parent: number };

type Entry = { data: { current?: unknown } } | null | undefined;

type Rects = Parameters<CollisionDetection>[0]['droppableRects'];
type Snapshot = {
  rects: Map<UniqueIdentifier, ClientRect>;
  sample: ClientRect;
  top: number;
  left: number;
};

/** Plain copies of dnd-kit's measured rects, one per measurement (dnd-kit makes a new map then). */
const snapshots = new WeakMap<Rects, Snapshot | null>();

const snapshotOf = (rects: Rects): Snapshot | null => {
  if (snapshots.has(rects)) return snapshots.get(rects) ?? null;
  const copies = new Map<UniqueIdentifier, ClientRect>();
  for (const [id, { top, left, bottom, right, width, height }] of rects)
    copies.set(id, { top, left, bottom, right, width, height });
  const sample = rects.values().next().value;
  const snapshot = sample ? { rects: copies, sample, top: sample.top, left: sample.left } : null;
  snapshots.set(rects, snapshot);
  return snapshot;
};

/**
 * dnd-kit's measured rects are objects whose every side, on every read, adds up the scroll
 * offsets of the element's scrollable ancestors: over an estimate of 1,000 items a collision
 * check read the page's scroll position some 8,000 times per pointer move, most of a drag's
 * frame time (decision 0025). Here the rects are copied once per measurement and shifted by how
 * far one of them has moved since, the same scroll for every row of a board (rows scroll with
 * the page; their own containers only scroll sideways).
 */
const withPlainRects = (args: Parameters<CollisionDetection>[0]) => {
  const snapshot = snapshotOf(args.droppableRects);
  if (!snapshot) return args;
  const dy = snapshot.sample.top - snapshot.top;
  const dx = snapshot.sample.left - snapshot.left;
  if (dx === 0 && dy === 0) return { ...args, droppableRects: snapshot.rects };
  const shifted = new Map<UniqueIdentifier, ClientRect>();
  for (const [id, rect] of snapshot.rects)
    shifted.set(id, {
      ...rect,
      top: rect.top + dy,
      bottom: rect.bottom + dy,
      left: rect.left + dx,
      right: rect.right + dx,
    });
  return { ...args, droppableRects: shifted };
};

/**
 * Collision detection for a two-level sortable. Parents land on the parent nearest their centre.
 * A child lands on the child under the pointer (or nearest it within the parent's list under the
 * pointer), or at the end of an empty parent. A child that just hopped into another parent
 * (`hopped()`, from onDragOver) keeps its place until the layout has settled a frame later, when
 * collisions tell the truth again. `arrangement` is what is on screen: a new one starts that frame.
 */
export const useNestedCollisions = (
  describe: (entry: Entry) => NestedDroppable | null,
  arrangement: unknown,
) => {
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const justHopped = useRef(false);

  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      justHopped.current = false;
    });
    return () => cancelAnimationFrame(frame);
  }, [arrangement]);

  const collisionDetection: CollisionDetection = (measured) => {
    const args = withPlainRects(measured);
    if (describe(args.active)?.kind === 'parent') return closestCenter(args);
    const pointer = pointerWithin(args);
    const hits = pointer.length > 0 ? pointer : rectIntersection(args);
    let overId = getFirstCollision(hits, 'id');
    if (overId !== null) {
      const list = describe(args.droppableContainers.find((entry) => entry.id === overId));
      if (list?.kind === 'list') {
        const inside = args.droppableContainers.filter((entry) => {
          const child = describe(entry);
          return child?.kind === 'child' && child.parent === list.parent;
        });
        if (inside.length > 0)
          overId = closestCenter({ ...args, droppableContainers: inside })[0]?.id ?? overId;
      }
      lastOver.current = overId;
      return [{ id: overId }];
    }
    if (justHopped.current) lastOver.current = args.active.id;
    return lastOver.current === null ? [] : [{ id: lastOver.current }];
  };

  return {
    collisionDetection,
    /** A new drag: nothing is under it yet. */
    start: () => {
      lastOver.current = null;
    },
    /** The dragged child joined another parent on screen. */
    hopped: () => {
      justHopped.current = true;
    },
  };
};

/**
 * Where a child dragged over another parent joins it: before or after the child it is over (by
 * the half its top is in), or at the end of the parent when it is over the parent's list.
 */
export const hopIndex = (
  active: Active,
  over: Over,
  children: readonly { id: number }[],
  overChildId: number | null,
): number => {
  const overIndex =
    overChildId === null ? -1 : children.findIndex((child) => child.id === overChildId);
  if (overIndex < 0) return children.length;
  const dragged = active.rect.current.translated;
  const below = dragged !== null && dragged.top > over.rect.top + over.rect.height / 2;
  return overIndex + (below ? 1 : 0);
};
