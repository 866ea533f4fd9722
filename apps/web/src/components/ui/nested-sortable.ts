import { useEffect, useRef } from 'react';
import {
  closestCenter,
  getFirstCollision,
  pointerWithin,
  rectIntersection,
  type Active,
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

/**
 * dnd-kit's `pointerWithin`, with the same answer, for boards of a thousand droppables: each of
 * dnd-kit's rects re-reads the scroll offsets of its scrollable ancestors on every side read, and
 * `pointerWithin` reads all four sides of every rect on every pointer move (≈ 2 s of a 40-step
 * drag over 1,000 estimate items, decision 0025). Here a rect's sides are read one at a time and
 * only until one rules the pointer out, mostly after the first; `pointerWithin` then ranks the
 * few rects left exactly as it ranks them among all.
 */
export const pointerWithinLazily: CollisionDetection = (args) => {
  const { pointerCoordinates: point, droppableRects } = args;
  if (!point) return [];
  const under = args.droppableContainers.filter(({ id }) => {
    const rect = droppableRects.get(id);
    return (
      rect !== undefined &&
      rect.top <= point.y &&
      point.y <= rect.bottom &&
      rect.left <= point.x &&
      point.x <= rect.right
    );
  });
  return pointerWithin({ ...args, droppableContainers: under });
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

  const collisionDetection: CollisionDetection = (args) => {
    if (describe(args.active)?.kind === 'parent') return closestCenter(args);
    const pointer = pointerWithinLazily(args);
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
