import { describe, expect, it } from 'vitest';
import { byName, formatDate, parseApiDate, titleCase, toApiDate, upsertByName } from './format';

describe('dates', () => {
  it('shows API dates and timestamps as a long month date (spec §9)', () => {
    expect(formatDate('2026-03-04')).toBe('March 4, 2026');
    expect(formatDate('2026-12-31T23:00:00')).toBe('December 31, 2026');
    expect(formatDate(null)).toBeNull();
    expect(formatDate('')).toBeNull();
    expect(formatDate('not a date')).toBeNull();
  });

  it('reads yyyy-MM-dd as the local day, so it never shifts by a time zone', () => {
    const date = parseApiDate('2026-01-01');
    expect([date?.getFullYear(), date?.getMonth(), date?.getDate()]).toEqual([2026, 0, 1]);
  });

  it('sends dates as yyyy-MM-dd, and a cleared date as null', () => {
    expect(toApiDate(new Date(2026, 6, 9))).toBe('2026-07-09');
    expect(toApiDate(null)).toBeNull();
  });
});

describe('titleCase', () => {
  it('turns status values into labels', () => {
    expect(titleCase('on_hold')).toBe('On Hold');
    expect(titleCase('in-progress')).toBe('In Progress');
    expect(titleCase('OPEN')).toBe('Open');
  });
});

describe('name order', () => {
  const item = (id: number, name: string) => ({ id, name });

  it('sorts like the server: case-insensitive name, then id', () => {
    const sorted = [item(3, 'beta'), item(2, 'Alpha'), item(1, 'alpha')].sort(byName);
    expect(sorted.map((i) => i.id)).toEqual([1, 2, 3]);
  });

  it('puts a created record in its place and an updated one where its new name belongs', () => {
    const list = [item(1, 'Acme'), item(2, 'Globex')];
    expect(upsertByName(list, item(3, 'Bravo')).map((i) => i.name)).toEqual([
      'Acme',
      'Bravo',
      'Globex',
    ]);
    expect(upsertByName(list, item(1, 'Zeta')).map((i) => i.name)).toEqual(['Globex', 'Zeta']);
    expect(upsertByName(undefined, item(4, 'Solo'))).toEqual([item(4, 'Solo')]);
  });
});
