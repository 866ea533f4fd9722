import { describe, expect, it } from 'vitest';
import { datePickerYears, formatFileSize, paginationWindow, totalPages } from './format';

describe('formatFileSize (spec §9: base 1024, 1 decimal)', () => {
  it.each([
    [0, '0 Bytes'],
    [-5, '0 Bytes'],
    [Number.NaN, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [10_000, '9.8 KB'],
    [1024 ** 2, '1.0 MB'],
    [5.25 * 1024 ** 2, '5.3 MB'],
    [1024 ** 3, '1.0 GB'],
    [1.75 * 1024 ** 4, '1.8 TB'],
    [2048 * 1024 ** 4, '2048.0 TB'],
  ])('%d bytes → %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });

  it('moves to the next unit instead of rounding up to 1024', () => {
    expect(formatFileSize(1024 ** 2 - 1)).toBe('1.0 MB');
    expect(formatFileSize(1024 * 1023.5)).toBe('1023.5 KB');
  });
});

describe('paginationWindow (spec §2: 5 buttons, first/last, ellipsis)', () => {
  it.each([
    [1, 0, []],
    [1, 1, [1]],
    [2, 3, [1, 2, 3]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 6, [1, 2, 3, 4, 5, 6]],
    [1, 10, [1, 2, 3, 4, 5, 'ellipsis-end', 10]],
    [3, 10, [1, 2, 3, 4, 5, 'ellipsis-end', 10]],
    [4, 10, [1, 2, 3, 4, 5, 6, 'ellipsis-end', 10]],
    [5, 10, [1, 'ellipsis-start', 3, 4, 5, 6, 7, 'ellipsis-end', 10]],
    [8, 10, [1, 'ellipsis-start', 6, 7, 8, 9, 10]],
    [10, 10, [1, 'ellipsis-start', 6, 7, 8, 9, 10]],
  ] as const)('page %d of %d', (page, total, expected) => {
    expect(paginationWindow(page, total)).toEqual(expected);
  });

  it('clamps a page outside the range', () => {
    expect(paginationWindow(0, 10)).toEqual(paginationWindow(1, 10));
    expect(paginationWindow(99, 10)).toEqual(paginationWindow(10, 10));
  });

  it('always shows five consecutive pages around the current one', () => {
    for (let page = 1; page <= 30; page++) {
      const numbers = paginationWindow(page, 30).filter((p) => typeof p === 'number');
      const window = numbers.filter((p) => p !== 1 && p !== 30);
      expect(numbers).toContain(page);
      expect(numbers[0]).toBe(1);
      expect(numbers.at(-1)).toBe(30);
      expect(window.length).toBeGreaterThanOrEqual(4);
      expect(window.length).toBeLessThanOrEqual(5);
    }
  });
});

describe('totalPages (spec §9: count / page size, rounded up)', () => {
  it.each([
    [0, 20, 0],
    [1, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
    [45, 20, 3],
  ])('%d items of %d → %d pages', (count, size, expected) => {
    expect(totalPages(count, size)).toBe(expected);
  });
});

describe('datePickerYears (spec §2: 200 years ending 4 after this year)', () => {
  it('spans 200 consecutive years ending this year + 4', () => {
    const years = datePickerYears(new Date(2025, 5, 15));
    expect(years).toHaveLength(200);
    expect(years[0]).toBe(1830);
    expect(years.at(-1)).toBe(2029);
    expect(years.every((year, i) => i === 0 || year === (years[i - 1] ?? 0) + 1)).toBe(true);
  });

  it('defaults to the current year', () => {
    expect(datePickerYears().at(-1)).toBe(new Date().getFullYear() + 4);
  });
});
