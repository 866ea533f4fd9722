import { describe, expect, it } from 'vitest';
import { estimateTotals, formatRange, hoursRange, sectionTitle } from './hours';

const item = (hours_low: string, hours_high: string) => ({ hours_low, hours_high });

describe('hoursRange', () => {
  it('sums exactly where floats drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(hoursRange([item('0.10', '0.10'), item('0.20', '0.20')])).toEqual({
      low: '0.30',
      high: '0.30',
    });
    // 1,000 × 0.01 is 10.00; float addition gives 9.999999999999831.
    expect(hoursRange(Array.from({ length: 1000 }, () => item('0.01', '0.01'))).high).toBe('10.00');
  });

  it('sums the low and the high ends separately', () => {
    expect(hoursRange([item('0.10', '0.20'), item('0.20', '1.05')])).toEqual({
      low: '0.30',
      high: '1.25',
    });
    expect(hoursRange([])).toEqual({ low: '0.00', high: '0.00' });
  });
});

describe('sectionTitle', () => {
  it("reads '{name} - {sum of high hours, 2 decimals} Hours'", () => {
    expect(
      sectionTitle({ name: 'Design', items: [item('0.00', '0.10'), item('0.00', '0.20')] }),
    ).toBe('Design - 0.30 Hours');
    expect(sectionTitle({ name: 'Launch', items: [item('4.00', '12.50')] })).toBe(
      'Launch - 12.50 Hours',
    );
  });

  it('reads 0.00 for a section without items', () => {
    expect(sectionTitle({ name: 'Empty', items: [] })).toBe('Empty - 0.00 Hours');
  });
});

describe('formatRange', () => {
  it('shows the range, or one figure when both ends agree', () => {
    expect(formatRange({ low: '4.00', high: '8.00' })).toBe('4.00–8.00');
    expect(formatRange({ low: '2.50', high: '2.50' })).toBe('2.50');
  });
});

describe('estimateTotals', () => {
  it('sums every section and applies the safe modifier to both ends', () => {
    const totals = estimateTotals({
      safe_modifier: '1.50',
      sections: [{ items: [item('0.10', '0.20'), item('1.00', '2.00')] }, { items: [] }],
    });
    expect(totals).toEqual({
      hours: { low: '1.10', high: '2.20' },
      modifier: '1.50',
      safe: { low: '1.65', high: '3.30' },
    });
  });

  it('rounds Hours (Safe) half up to 2 decimals', () => {
    // 0.33 × 1.50 = 0.495 → 0.50; 0.33 × 1.33 = 0.4389 → 0.44.
    expect(
      estimateTotals({ safe_modifier: '1.50', sections: [{ items: [item('0.33', '0.33')] }] }).safe
        .high,
    ).toBe('0.50');
    expect(
      estimateTotals({ safe_modifier: '1.33', sections: [{ items: [item('0.33', '0.33')] }] }).safe
        .high,
    ).toBe('0.44');
  });

  it('is all zeros for an estimate without items', () => {
    expect(estimateTotals({ safe_modifier: '1.00', sections: [] })).toEqual({
      hours: { low: '0.00', high: '0.00' },
      modifier: '1.00',
      safe: { low: '0.00', high: '0.00' },
    });
  });
});
