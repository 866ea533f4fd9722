import { describe, expect, it } from 'vitest';
import { formatLeadCreated, leadName } from './format';

// A local time, so the expectations hold in any time zone the tests run in.
const at = (hour: number, minute: number) => new Date(2025, 2, 7, hour, minute).toISOString();

describe('formatLeadCreated', () => {
  it("uses 'MM/dd/yyyy h:mm a'", () => {
    expect(formatLeadCreated(at(9, 5))).toBe('03/07/2025 9:05 AM');
    expect(formatLeadCreated(at(21, 30))).toBe('03/07/2025 9:30 PM');
  });
});

describe('leadName', () => {
  it('joins first and last name', () => {
    expect(leadName({ first_name: 'Ada', last_name: 'Lovelace', email: 'a@x.test' })).toBe(
      'Ada Lovelace',
    );
  });

  it('falls back to the email when both are blank', () => {
    expect(leadName({ first_name: ' ', last_name: '', email: 'a@x.test' })).toBe('a@x.test');
  });
});
