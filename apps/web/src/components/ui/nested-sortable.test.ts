import { pointerWithin, type Active, type ClientRect, type Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { hopIndex, pointerWithinLazily } from './nested-sortable';

const rect = (top: number, height = 40) => ({
  top,
  height,
  left: 0,
  width: 100,
  right: 100,
  bottom: top + height,
});
const active = (top: number | null) =>
  ({ rect: { current: { translated: top === null ? null : rect(top), initial: null } } }) as Active;
const over = (top: number) => ({ rect: rect(top) }) as Over;
const children = [{ id: 1 }, { id: 2 }, { id: 3 }];

describe('hopIndex', () => {
  it('goes before the child it is over while its top is in that child’s upper half', () => {
    expect(hopIndex(active(105), over(100), children, 2)).toBe(1);
  });

  it('goes after it once its top is past the middle', () => {
    expect(hopIndex(active(125), over(100), children, 2)).toBe(2);
    expect(hopIndex(active(125), over(100), children, 3)).toBe(3);
  });

  it('goes to the end over the parent’s list or an unknown child', () => {
    expect(hopIndex(active(0), over(100), children, null)).toBe(3);
    expect(hopIndex(active(0), over(100), children, 99)).toBe(3);
    expect(hopIndex(active(0), over(0), [], null)).toBe(0);
  });

  it('goes before the child when the dragged one has no position yet', () => {
    expect(hopIndex(active(null), over(100), children, 1)).toBe(0);
  });
});

describe('pointerWithinLazily', () => {
  // Rects whose sides count their reads, as dnd-kit's re-read the scroll offsets on each.
  let reads = 0;
  const counted = (top: number, left: number, height: number, width: number) => {
    const sides = { top, left, bottom: top + height, right: left + width };
    const rect = { width, height } as ClientRect;
    for (const [side, value] of Object.entries(sides))
      Object.defineProperty(rect, side, {
        get: () => {
          reads++;
          return value;
        },
        enumerable: true,
      });
    return rect;
  };
  const rows = Array.from({ length: 200 }, (_, i) => ({
    id: `row:${i}`,
    rect: counted(i * 40, i % 2 ? 0 : 20, 60, 400),
  }));
  const args = (x: number, y: number) =>
    ({
      active: { id: 'row:0' },
      collisionRect: rows[0]!.rect,
      droppableRects: new Map(rows.map((row) => [row.id, row.rect])),
      droppableContainers: rows.map((row) => ({ id: row.id, data: { current: {} } })),
      pointerCoordinates: { x, y },
    }) as unknown as Parameters<typeof pointerWithin>[0];

  it('finds what pointerWithin finds, in its order, reading at most half the sides', () => {
    for (const [x, y] of [
      [10, 10],
      [30, 4_010],
      [410, 2_000],
      [-5, 50],
      [200, 7_999],
      [200, 9_000],
    ] as const) {
      reads = 0;
      const lazily = pointerWithinLazily(args(x, y));
      const lazyReads = reads;
      reads = 0;
      expect(lazily).toEqual(pointerWithin(args(x, y)));
      // At most two sides of a rect the pointer is not in, against four and its corners.
      expect(lazyReads).toBeLessThan(reads * 0.55);
    }
  });
});
