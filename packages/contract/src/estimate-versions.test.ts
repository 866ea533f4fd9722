import { describe, expect, it } from 'vitest';
import { estimateNumber, isExpired } from './estimate-versions';

describe('isExpired', () => {
  const now = Date.parse('2026-12-01T12:00:00Z');
  it('is true only for a version still waiting whose validity has passed', () => {
    expect(isExpired({ status: 'sent', valid_until: '2026-12-01T11:59:59Z' }, now)).toBe(true);
    expect(isExpired({ status: 'sent', valid_until: '2026-12-01T12:00:00Z' }, now)).toBe(true);
    expect(isExpired({ status: 'sent', valid_until: '2026-12-01T12:00:01Z' }, now)).toBe(false);
    // A decided version keeps its decision whatever the date.
    for (const status of ['approved', 'changes_requested', 'superseded'] as const)
      expect(isExpired({ status, valid_until: '2026-01-01T00:00:00Z' }, now)).toBe(false);
  });
});

describe('estimateNumber', () => {
  it('names the estimate and the version, stable for filing', () => {
    expect(estimateNumber({ estimate: 12, number: 3 })).toBe('EST-12-v3');
  });
});
