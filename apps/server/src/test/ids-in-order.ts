import { asc, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import type { Database } from '../db/client';

type NumberColumn = AnyPgColumn<{ data: number; notNull: true }>;

/**
 * The ids of a parent's ordered children in order, after checking their positions are exactly
 * 0..n-1: what `http/ordering.ts` promises after every create, move and delete.
 */
export const idsInOrder = async (
  db: Database,
  columns: { id: NumberColumn; parent: AnyPgColumn; position: NumberColumn },
  parentId: number,
) => {
  const rows = await db
    .select({ id: columns.id, position: columns.position })
    .from(columns.id.table)
    .where(eq(columns.parent, parentId))
    .orderBy(asc(columns.position));
  expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i));
  return rows.map((r) => r.id);
};
