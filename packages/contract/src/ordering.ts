import type { z } from 'zod';
import { choiceField, FIELD_MESSAGES, INT_MAX, integerField, pkField, requestBody } from './fields';

/**
 * Ordered children (milestones, test flows and steps, estimate sections and items) carry an
 * `order`: their 0-based index among their siblings (DESIGN §3 "Ordering").
 */
export const MOVE_DIRECTIONS = ['up', 'down'] as const;
export type MoveDirection = (typeof MOVE_DIRECTIONS)[number];

/**
 * The optional `insert_at` of an ordered child's create: the 0-based position to create it at
 * (clamped; the end when absent). Undo after a delete re-creates the child where it was. Not
 * `order`, which stays read-only (a sent `order` is ignored, as DRF ignores read-only fields).
 */
export const positionField = () => integerField({ min: 0, max: INT_MAX }).optional();

const moveFields = () => ({
  to: integerField({ min: 0, max: INT_MAX }).optional(),
  direction: choiceField(MOVE_DIRECTIONS).optional(),
});

/** `POST /api/{resource}/{id}/move/`: `to` (0-based, clamped) and/or `direction`; `to` wins. */
export const moveRequestSchema = requestBody(moveFields()).refine(
  (move) => move.to !== undefined || move.direction !== undefined,
  {
    message: FIELD_MESSAGES.required,
    path: ['to'],
  },
);
export type MoveRequest = z.infer<typeof moveRequestSchema>;

/**
 * The `move/` body of a child that may change parent (estimate items, test steps):
 * `moveRequestSchema`'s `to` and `direction`, plus `<parent>` to move it into another parent of
 * the same grandparent (at `to`, or at the end without it). One of the three is required.
 */
export const childMoveRequest = <Parent extends string>(parent: Parent) =>
  requestBody({ ...moveFields(), [parent]: pkField().optional() } as ReturnType<
    typeof moveFields
  > & { [Key in Parent]: z.ZodOptional<ReturnType<typeof pkField>> }).refine(
    (move) => {
      const given = move as Record<string, unknown>;
      return given.to !== undefined || given.direction !== undefined || given[parent] !== undefined;
    },
    { message: FIELD_MESSAGES.required, path: ['to'] },
  );

/** Where an item at `from` among `length` siblings lands: `to` wins, then one step, clamped. */
export const moveTarget = (
  from: number,
  length: number,
  move: { to?: number | undefined; direction?: MoveDirection | undefined },
): number => {
  const step = move.direction === 'up' ? -1 : move.direction === 'down' ? 1 : 0;
  const wanted = move.to ?? from + step;
  return Math.min(Math.max(wanted, 0), Math.max(length - 1, 0));
};

/** A copy of `items` with the one at `from` moved to `to` (both clamped to the list). */
export const moveItem = <T>(items: readonly T[], from: number, to: number): T[] => {
  const result = [...items];
  if (from < 0 || from >= result.length) return result;
  const [item] = result.splice(from, 1) as [T];
  result.splice(Math.min(Math.max(to, 0), result.length), 0, item);
  return result;
};
