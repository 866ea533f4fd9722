import { describe, expect, it } from 'vitest';
import { moveItem, moveRequestSchema, moveTarget } from './ordering';

describe('moveTarget', () => {
  it('lets `to` win over `direction` and clamps it to the list', () => {
    expect(moveTarget(1, 5, { to: 3, direction: 'up' })).toBe(3);
    expect(moveTarget(1, 5, { to: 99 })).toBe(4);
    expect(moveTarget(1, 5, { to: 0 })).toBe(0);
  });

  it('moves one place up or down and stays put at the ends', () => {
    expect(moveTarget(2, 5, { direction: 'up' })).toBe(1);
    expect(moveTarget(2, 5, { direction: 'down' })).toBe(3);
    expect(moveTarget(0, 5, { direction: 'up' })).toBe(0);
    expect(moveTarget(4, 5, { direction: 'down' })).toBe(4);
  });

  it('keeps a single item at 0', () => {
    expect(moveTarget(0, 1, { to: 7 })).toBe(0);
    expect(moveTarget(0, 1, { direction: 'down' })).toBe(0);
  });
});

describe('moveItem', () => {
  it('moves forwards and backwards without touching the input', () => {
    const items = ['a', 'b', 'c', 'd'] as const;
    expect(moveItem(items, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(items, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(items, 1, 1)).toEqual(['a', 'b', 'c', 'd']);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
  });

  it('clamps the target and ignores an index outside the list', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 10)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c']);
  });
});

describe('moveRequestSchema', () => {
  it('reads `to` from a number or a string of digits, and `direction`', () => {
    expect(moveRequestSchema.parse({ to: 2 })).toEqual({ to: 2 });
    expect(moveRequestSchema.parse({ to: '3' })).toEqual({ to: 3 });
    expect(moveRequestSchema.parse({ direction: 'up' })).toEqual({ direction: 'up' });
  });

  it('names the field of every bad value', () => {
    const issues = (input: unknown) => {
      const result = moveRequestSchema.safeParse(input);
      return result.success ? null : result.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    expect(issues({})).toEqual([['to', 'This field is required.']]);
    expect(issues({ to: -1 })).toEqual([
      ['to', 'Ensure this value is greater than or equal to 0.'],
    ]);
    expect(issues({ to: 'first' })).toEqual([['to', 'A valid integer is required.']]);
    expect(issues({ direction: 'left' })).toEqual([['direction', '"left" is not a valid choice.']]);
  });
});
