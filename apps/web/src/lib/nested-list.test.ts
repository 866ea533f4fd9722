import { describe, expect, it } from 'vitest';
import { locateChild, moveChild } from './nested-list';

const KEYS = { children: 'kids', parent: 'box' } as const;
const box = (id: number, kids: number[]) => ({
  id,
  kids: kids.map((kid, order) => ({ id: kid, order, box: id })),
});
const boxes = [box(1, [10, 11, 12]), box(2, [20])];
const ids = (list: typeof boxes) => list.map((b) => b.kids.map((k) => [k.id, k.order, k.box]));

describe('nested lists', () => {
  it('locates a child, or answers null', () => {
    expect(locateChild(boxes, 'kids', 20)).toEqual({ parentId: 2, index: 0 });
    expect(locateChild(boxes, 'kids', 99)).toBeNull();
  });

  it('moves a child within its parent and renumbers', () => {
    expect(ids(moveChild(boxes, KEYS, 10, { parentId: 1, index: 2 }))).toEqual([
      [
        [11, 0, 1],
        [12, 1, 1],
        [10, 2, 1],
      ],
      [[20, 0, 2]],
    ]);
  });

  it('moves a child into another parent at a clamped index, naming its new parent', () => {
    expect(ids(moveChild(boxes, KEYS, 11, { parentId: 2, index: 9 }))).toEqual([
      [
        [10, 0, 1],
        [12, 1, 1],
      ],
      [
        [20, 0, 2],
        [11, 1, 2],
      ],
    ]);
    expect(boxes[0]?.kids).toHaveLength(3);
  });

  it('leaves everything in place for an unknown child or parent', () => {
    expect(moveChild(boxes, KEYS, 99, { parentId: 2, index: 0 })).toEqual(boxes);
    expect(moveChild(boxes, KEYS, 10, { parentId: 7, index: 0 })).toEqual(boxes);
  });
});
