import { describe, expect, it } from 'vitest';
import {
  estimateCreateRequestSchema,
  estimateItemCreateRequestSchema,
  estimateItemMoveRequestSchema,
  formatCents,
  hoursField,
  safeHours,
  safeModifierField,
  sumHours,
  toCents,
} from './estimates';

const errorOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('hoursField', () => {
  const field = hoursField();

  it('reads numbers and numeric strings as 2-decimal strings', () => {
    expect(field.parse(1.5)).toBe('1.50');
    expect(field.parse('1.5')).toBe('1.50');
    expect(field.parse(' 2 ')).toBe('2.00');
    expect(field.parse(0)).toBe('0.00');
    expect(field.parse('0.05')).toBe('0.05');
    expect(field.parse('.5')).toBe('0.50');
    expect(field.parse('1e2')).toBe('100.00');
    expect(field.parse('999999.99')).toBe('999999.99');
    expect(field.parse('-0')).toBe('0.00');
  });

  it('accepts trailing zeros beyond two places, which change nothing', () => {
    expect(field.parse('1.500')).toBe('1.50');
    expect(field.parse('0.000')).toBe('0.00');
  });

  it('rejects negative hours, a third decimal and absurd values with DRF words', () => {
    expect(errorOf(field.safeParse(-1))).toBe('Ensure this value is greater than or equal to 0.');
    expect(errorOf(field.safeParse('1.005'))).toBe(
      'Ensure that there are no more than 2 decimal places.',
    );
    expect(errorOf(field.safeParse(1.005))).toBe(
      'Ensure that there are no more than 2 decimal places.',
    );
    expect(errorOf(field.safeParse(1e7))).toBe(
      'Ensure that there are no more than 6 digits before the decimal point.',
    );
    expect(errorOf(field.safeParse(1e300))).toBe(
      'Ensure that there are no more than 8 digits in total.',
    );
    expect(errorOf(field.safeParse(1e-7))).toBe(
      'Ensure that there are no more than 2 decimal places.',
    );
    expect(errorOf(field.safeParse('1e999999'))).toBe(
      'Ensure that there are no more than 8 digits in total.',
    );
  });

  it('rejects what is not a number', () => {
    for (const input of ['', 'abc', 'NaN', 'Infinity', '1.2.3', '1,5', true, [], {}])
      expect(errorOf(field.safeParse(input))).toBe('A valid number is required.');
    expect(errorOf(field.safeParse(null))).toBe('This field may not be null.');
    expect(errorOf(field.safeParse(undefined))).toBe('This field is required.');
    expect(errorOf(field.safeParse('1'.repeat(2000)))).toBe('String value too large.');
  });
});

describe('safeModifierField', () => {
  it('must be greater than zero', () => {
    const field = safeModifierField();
    expect(field.parse('1.25')).toBe('1.25');
    expect(errorOf(field.safeParse(0))).toBe('Ensure this value is greater than 0.');
    expect(errorOf(field.safeParse('-1'))).toBe('Ensure this value is greater than 0.');
    expect(errorOf(field.safeParse(1000))).toBe(
      'Ensure that there are no more than 3 digits before the decimal point.',
    );
  });
});

describe('cent arithmetic', () => {
  it('adds exactly', () => {
    expect(sumHours(['0.10', '0.20'])).toBe('0.30');
    expect(sumHours([])).toBe('0.00');
    expect(sumHours(Array.from({ length: 1000 }, () => '0.01'))).toBe('10.00');
  });

  it('multiplies by the modifier and rounds half away from zero', () => {
    expect(safeHours('0.30', '1.50')).toBe('0.45');
    expect(safeHours('10.01', '1.50')).toBe('15.02'); // 15.015
    expect(safeHours('0.01', '0.50')).toBe('0.01'); // 0.005
    expect(safeHours('999999.99', '999.99')).toBe('999989990.00');
  });

  it('converts between strings and cents', () => {
    expect(toCents('12.34')).toBe(1234n);
    expect(formatCents(5n)).toBe('0.05');
    expect(formatCents(-150n)).toBe('-1.50');
    expect(() => toCents('1.5')).toThrow();
  });
});

describe('request schemas', () => {
  it('puts low above high on hours_high', () => {
    const result = estimateItemCreateRequestSchema.safeParse({
      section: 1,
      description: 'Login',
      hours_low: '3',
      hours_high: 2,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['hours_high']);
  });

  it('defaults nothing it need not: safe_modifier stays absent when not sent', () => {
    const body = estimateCreateRequestSchema.parse({ project: 1, name: 'A', description: 'B' });
    expect(body.safe_modifier).toBeUndefined();
  });

  it('asks for a target when a move names none', () => {
    const result = estimateItemMoveRequestSchema.safeParse({});
    expect(result.error?.issues[0]?.path).toEqual(['to']);
    expect(estimateItemMoveRequestSchema.parse({ section: '4' })).toEqual({ section: 4 });
  });
});
