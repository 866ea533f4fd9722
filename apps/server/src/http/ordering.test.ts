import { sql } from 'drizzle-orm';
import { integer, pgTable, serial } from 'drizzle-orm/pg-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-world';
import { idsInOrder } from '../test/ids-in-order';
import { ordering, positionChanges } from './ordering';

// A scratch table of the shape every ordered child has, so the helper is tested on its own.
const items = pgTable('ordering_test_items', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id').notNull(),
  position: integer('position').notNull(),
});
const order = ordering({
  table: items,
  id: items.id,
  parent: items.parentId,
  order: items.position,
});

const t = useTestApp();
beforeAll(async () => {
  await t.db.execute(sql`
    CREATE TABLE ordering_test_items (
      id serial PRIMARY KEY,
      parent_id integer NOT NULL,
      position integer NOT NULL CHECK (position >= 0)
    )`);
  await t.db.execute(
    sql`CREATE UNIQUE INDEX ordering_test_items_key ON ordering_test_items (parent_id, position)`,
  );
});
beforeEach(async () => {
  await t.db.execute(sql`TRUNCATE ordering_test_items RESTART IDENTITY`);
});

const append = (parentId: number) =>
  t.db.transaction(async (tx) => {
    const position = await order.nextPosition(tx, parentId);
    const [row] = await tx.insert(items).values({ parentId, position }).returning();
    return row?.id ?? 0;
  });

const appendMany = async (parentId: number, n: number) => {
  const ids = [];
  for (let i = 0; i < n; i++) ids.push(await append(parentId));
  return ids;
};

const idsOf = (parentId: number) =>
  idsInOrder(t.db, { id: items.id, parent: items.parentId, position: items.position }, parentId);

const move = (id: number, to: { to?: number; direction?: 'up' | 'down' }) =>
  t.db.transaction((tx) => order.move(tx, id, to));

describe('positionChanges', () => {
  it('lists only the rows that move, and parks them above every position', () => {
    const current = new Map([
      [10, 0],
      [11, 1],
      [12, 2],
      [13, 3],
    ]);
    expect(positionChanges(current, [10, 12, 11, 13])).toEqual({
      changes: [
        { id: 12, position: 1 },
        { id: 11, position: 2 },
      ],
      offset: 4,
    });
    expect(positionChanges(current, [10, 11, 12, 13]).changes).toEqual([]);
    // Gaps left by older data are closed too.
    expect(positionChanges(new Map([[1, 5]]), [1])).toEqual({
      changes: [{ id: 1, position: 0 }],
      offset: 6,
    });
  });
});

describe('ordering', () => {
  it('appends at the end, each parent counting from 0', async () => {
    const a = await appendMany(1, 3);
    const b = await appendMany(2, 2);
    expect(await idsOf(1)).toEqual(a);
    expect(await idsOf(2)).toEqual(b);
  });

  it('keeps positions unique when many appends race', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => append(1)));
    expect((await idsOf(1)).sort((x, y) => x - y)).toEqual(ids.sort((x, y) => x - y));
  });

  it('moves to an index, clamped, and one place up or down', async () => {
    const [a, b, c, d] = await appendMany(1, 4);
    expect(await move(a!, { to: 2 })).toEqual({ parentId: 1 });
    expect(await idsOf(1)).toEqual([b, c, a, d]);
    await move(d!, { to: 999 });
    expect(await idsOf(1)).toEqual([b, c, a, d]);
    await move(d!, { direction: 'up' });
    expect(await idsOf(1)).toEqual([b, c, d, a]);
    await move(b!, { direction: 'down' });
    expect(await idsOf(1)).toEqual([c, b, d, a]);
    // `to` wins over `direction`.
    await move(a!, { to: 0, direction: 'down' });
    expect(await idsOf(1)).toEqual([a, c, b, d]);
  });

  it('leaves the list as it is when the first moves up or the last moves down', async () => {
    const ids = await appendMany(1, 3);
    await move(ids[0]!, { direction: 'up' });
    await move(ids[2]!, { direction: 'down' });
    expect(await idsOf(1)).toEqual(ids);
  });

  it('answers null for a child that does not exist', async () => {
    expect(await move(12345, { to: 0 })).toBeNull();
    expect(await t.db.transaction((tx) => order.remove(tx, 12345))).toBeNull();
  });

  it('keeps positions exactly 0..n-1 under 20 concurrent moves', async () => {
    const ids = await appendMany(1, 6);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        move(ids[i % ids.length]!, i % 3 === 0 ? { direction: 'up' } : { to: (i * 7) % 9 }),
      ),
    );
    expect((await idsOf(1)).sort((x, y) => x - y)).toEqual(ids);
  });

  it('closes the gap when a child is removed', async () => {
    const [a, b, c, d] = await appendMany(1, 4);
    expect(await t.db.transaction((tx) => order.remove(tx, b!))).toEqual({ parentId: 1 });
    expect(await idsOf(1)).toEqual([a, c, d]);
    await t.db.transaction((tx) => order.remove(tx, a!));
    expect(await idsOf(1)).toEqual([c, d]);
    expect(await append(1)).toBeGreaterThan(0);
    expect(await idsOf(1)).toHaveLength(3);
  });

  it('moves a child to another parent, closing the gap and clamping the target', async () => {
    const [a, b, c] = await appendMany(1, 3);
    const [x, y] = await appendMany(2, 2);
    const moveTo = (id: number, parentId: number, to?: number) =>
      t.db.transaction((tx) => order.moveToParent(tx, id, parentId, to));
    expect(await moveTo(b!, 2, 1)).toEqual({ parentId: 2, previousParentId: 1 });
    expect(await idsOf(1)).toEqual([a, c]);
    expect(await idsOf(2)).toEqual([x, b, y]);
    await moveTo(a!, 2);
    expect(await idsOf(2)).toEqual([x, b, y, a]);
    await moveTo(c!, 3, 50);
    expect(await idsOf(1)).toEqual([]);
    expect(await idsOf(3)).toEqual([c]);
    // Within the same parent it is a plain move.
    await moveTo(a!, 2, 0);
    expect(await idsOf(2)).toEqual([a, x, b, y]);
  });

  it('does not deadlock when children cross between two parents at once', async () => {
    const left = await appendMany(1, 5);
    const right = await appendMany(2, 5);
    await Promise.all([
      ...left.map((id, i) => t.db.transaction((tx) => order.moveToParent(tx, id, 2, i))),
      ...right.map((id, i) => t.db.transaction((tx) => order.moveToParent(tx, id, 1, i))),
    ]);
    const all = [...(await idsOf(1)), ...(await idsOf(2))].sort((x, y) => x - y);
    expect(all).toEqual([...left, ...right].sort((x, y) => x - y));
  });
});
