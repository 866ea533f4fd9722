import type { Active, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { hopIndex } from './nested-sortable';

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
