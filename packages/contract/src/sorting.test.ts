import { describe, expect, it } from 'vitest';
import { formatOrdering, orderingField, parseOrdering } from './sorting';

const FIELDS = ['name', 'total'] as const;

describe('ordering (DRF OrderingFilter style)', () => {
  it('reads comma-separated fields, - for descending, blanks skipped', () => {
    expect(parseOrdering(FIELDS, '-total, name,')).toEqual([
      { field: 'total', descending: true },
      { field: 'name', descending: false },
    ]);
    expect(parseOrdering(FIELDS, 'secret')).toEqual({ unknown: 'secret' });
  });

  it('as a query field: absent or empty is the default order, unknown is an error', () => {
    const field = orderingField(FIELDS);
    expect(field.parse(undefined)).toBeUndefined();
    expect(field.parse('')).toBeUndefined();
    expect(field.parse('-name')).toEqual([{ field: 'name', descending: true }]);
    const result = field.safeParse('name,-secret');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('"secret"');
  });

  it('writes the first term back for a URL', () => {
    expect(formatOrdering({ field: 'total', descending: true })).toBe('-total');
    expect(formatOrdering(null)).toBe('');
  });
});
