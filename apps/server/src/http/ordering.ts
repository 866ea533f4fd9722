import { getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { moveItem, moveTarget, type MoveRequest } from '@portal/contract/ordering';
import type { Executor } from '../db/client';

/**
 * Gap-free, unique ordering of the children of one parent (DESIGN §3 "Ordering"): milestones
 * in a project, flows in a milestone, steps in a flow, sections in an estimate, items in a
 * section. The table needs an integer id, an integer parent id, an integer order column and a
 * unique index on (parent, order).
 *
 * Every operation runs inside the caller's transaction and first takes a transaction-scoped
 * advisory lock on (table, parent): row locks alone cannot stop two appends from picking the
 * same next position, and one lock per parent serialises all of its reorderings. The siblings
 * are then locked FOR UPDATE in id order, so writers that bypass this helper still queue behind.
 */
export type OrderedTable = {
  table: PgTable;
  id: PgColumn;
  parent: PgColumn;
  order: PgColumn;
};

type Sibling = { id: number; order: number };

/**
 * The rows whose position changes when the siblings take the order of `ids`, and an offset
 * that parks them above every current position first. Renumbering in two steps keeps the
 * (parent, order) index satisfied after every single row update, which PostgreSQL checks
 * immediately for a non-deferrable unique index.
 */
export const positionChanges = (current: ReadonlyMap<number, number>, ids: readonly number[]) => {
  const changes = ids
    .map((id, position) => ({ id, position }))
    .filter(({ id, position }) => current.get(id) !== position);
  const highest = Math.max(-1, ...current.values());
  return { changes, offset: highest + 1 };
};

const MAX_ATTEMPTS = 5;

export const ordering = (spec: OrderedTable) => {
  const { table, id, parent, order } = spec;
  const lockName = `ordering:${getTableName(table)}`;
  const orderName = sql.identifier(order.name);
  const parentName = sql.identifier(parent.name);

  const lockParent = async (tx: Executor, parentId: number) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${lockName}), ${parentId}::int)`);
  };

  /** The parent's children, locked, in their current order. */
  const lockSiblings = async (tx: Executor, parentId: number): Promise<Sibling[]> => {
    const result = await tx.execute<{ id: number; order: number }>(
      sql`SELECT ${id} AS id, ${order} AS order FROM ${table} WHERE ${parent} = ${parentId}
          ORDER BY ${id} FOR UPDATE`,
    );
    return result.rows
      .map((row) => ({ id: Number(row.id), order: Number(row.order) }))
      .sort((a, b) => a.order - b.order || a.id - b.id);
  };

  const parentOf = async (tx: Executor, childId: number): Promise<number | null> => {
    const result = await tx.execute<{ parent: number }>(
      sql`SELECT ${parent} AS parent FROM ${table} WHERE ${id} = ${childId}`,
    );
    const row = result.rows[0];
    return row ? Number(row.parent) : null;
  };

  /** Gives the parent's children (all of them, already locked) the positions 0..n-1 of `ids`. */
  const writePositions = async (
    tx: Executor,
    parentId: number,
    current: Sibling[],
    ids: number[],
  ) => {
    const { changes, offset } = positionChanges(new Map(current.map((s) => [s.id, s.order])), ids);
    if (changes.length === 0) return;
    const changedIds = sql.join(
      changes.map((c) => sql`${c.id}::int`),
      sql`, `,
    );
    await tx.execute(
      sql`UPDATE ${table} SET ${orderName} = ${order} + ${offset}::int
          WHERE ${parent} = ${parentId} AND ${id} IN (${changedIds})`,
    );
    const values = sql.join(
      changes.map((c) => sql`(${c.id}::int, ${c.position}::int)`),
      sql`, `,
    );
    await tx.execute(
      sql`UPDATE ${table} SET ${orderName} = v.position
          FROM (VALUES ${values}) AS v(id, position)
          WHERE ${id} = v.id AND ${parent} = ${parentId}`,
    );
  };

  /**
   * Locks `childId`'s parent and siblings. The parent is read before the lock, so a concurrent
   * move to another parent is caught by checking again under the lock.
   */
  const lockFamilyOf = async (tx: Executor, childId: number) => {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const parentId = await parentOf(tx, childId);
      if (parentId === null) return null;
      await lockParent(tx, parentId);
      const siblings = await lockSiblings(tx, parentId);
      if (siblings.some((s) => s.id === childId)) return { parentId, siblings };
    }
    throw new Error(`ordering: ${lockName} row ${childId} keeps changing parent`);
  };

  return {
    /** Locks the parent's children and answers the position a new last child takes. */
    nextPosition: async (tx: Executor, parentId: number): Promise<number> => {
      await lockParent(tx, parentId);
      const siblings = await lockSiblings(tx, parentId);
      return siblings.length === 0 ? 0 : Math.max(...siblings.map((s) => s.order)) + 1;
    },

    /**
     * Moves a child among its siblings (`to` wins over `direction`; clamped). Answers its parent
     * id so the caller can answer the siblings in order, or null when the child does not exist.
     */
    move: async (tx: Executor, childId: number, move: MoveRequest) => {
      const family = await lockFamilyOf(tx, childId);
      if (!family) return null;
      const ids = family.siblings.map((s) => s.id);
      const from = ids.indexOf(childId);
      const target = moveTarget(from, ids.length, move);
      await writePositions(tx, family.parentId, family.siblings, moveItem(ids, from, target));
      return { parentId: family.parentId };
    },

    /**
     * Moves a child to position `to` (clamped; the end when absent) of another parent, closing
     * the gap it leaves. Parents are locked in id order so two opposite moves cannot deadlock.
     */
    moveToParent: async (tx: Executor, childId: number, newParentId: number, to?: number) => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const oldParentId = await parentOf(tx, childId);
        if (oldParentId === null) return null;
        for (const parentId of [...new Set([oldParentId, newParentId])].sort((a, b) => a - b))
          await lockParent(tx, parentId);
        const oldSiblings = await lockSiblings(tx, oldParentId);
        if (!oldSiblings.some((s) => s.id === childId)) continue;
        if (oldParentId === newParentId) {
          const ids = oldSiblings.map((s) => s.id);
          const from = ids.indexOf(childId);
          const target = moveTarget(from, ids.length, { to: to ?? ids.length });
          await writePositions(tx, oldParentId, oldSiblings, moveItem(ids, from, target));
          return { parentId: newParentId, previousParentId: oldParentId };
        }
        const newSiblings = await lockSiblings(tx, newParentId);
        const parked =
          newSiblings.length === 0 ? 0 : Math.max(...newSiblings.map((s) => s.order)) + 1;
        await tx.execute(
          sql`UPDATE ${table} SET ${parentName} = ${newParentId}::int, ${orderName} = ${parked}::int
              WHERE ${id} = ${childId}`,
        );
        const remaining = oldSiblings.filter((s) => s.id !== childId);
        await writePositions(
          tx,
          oldParentId,
          remaining,
          remaining.map((s) => s.id),
        );
        const newIds = newSiblings.map((s) => s.id);
        const at = Math.min(Math.max(to ?? newIds.length, 0), newIds.length);
        newIds.splice(at, 0, childId);
        await writePositions(
          tx,
          newParentId,
          [...newSiblings, { id: childId, order: parked }],
          newIds,
        );
        return { parentId: newParentId, previousParentId: oldParentId };
      }
      throw new Error(`ordering: ${lockName} row ${childId} keeps changing parent`);
    },

    /**
     * Puts a child just appended (with `nextPosition`, in this transaction) at position `to`
     * (clamped) instead: how Undo re-creates a deleted child where it was. Answers its
     * position, or null when `to` is absent (it stays last).
     */
    placeAt: async (tx: Executor, childId: number, to: number | undefined) => {
      if (to === undefined) return null;
      const family = await lockFamilyOf(tx, childId);
      if (!family) return null;
      const ids = family.siblings.map((s) => s.id);
      const from = ids.indexOf(childId);
      const target = moveTarget(from, ids.length, { to });
      await writePositions(tx, family.parentId, family.siblings, moveItem(ids, from, target));
      return target;
    },

    /** Deletes a child and closes the gap; answers its parent id, or null when it did not exist. */
    remove: async (tx: Executor, childId: number) => {
      const family = await lockFamilyOf(tx, childId);
      if (!family) return null;
      await tx.execute(sql`DELETE FROM ${table} WHERE ${id} = ${childId}`);
      const remaining = family.siblings.filter((s) => s.id !== childId);
      await writePositions(
        tx,
        family.parentId,
        remaining,
        remaining.map((s) => s.id),
      );
      return { parentId: family.parentId };
    },
  };
};

/**
 * What a move into another parent answers: the two parents read back, the one the child left
 * first, then the one it entered.
 */
export const leftThenEntered = <Parent extends { id: number }>(
  parents: Parent[],
  moved: { previousParentId: number },
) => {
  const rank = (parent: Parent) => (parent.id === moved.previousParentId ? 0 : 1);
  return parents.sort((a, b) => rank(a) - rank(b));
};
