import { describe, expect, it } from 'vitest';
import { formatCommentTime, formatDateTime, formatRelative } from './format';

// Local times, so the expectations hold in whatever time zone the tests run.
const at = (hour: number, minute: number) => new Date(2025, 10, 4, hour, minute).toISOString();

describe('formatCommentTime', () => {
  it("uses 'MM/dd/yyyy hh:mm a' with a zero-padded hour", () => {
    expect(formatCommentTime(at(9, 5))).toBe('11/04/2025 09:05 AM');
    expect(formatCommentTime(at(0, 0))).toBe('11/04/2025 12:00 AM');
    expect(formatCommentTime(at(13, 45))).toBe('11/04/2025 01:45 PM');
  });
});

describe('formatDateTime and formatRelative', () => {
  it("writes every other moment as 'MMMM d, yyyy, h:mm a'", () => {
    expect(formatDateTime(at(13, 45))).toBe('November 4, 2025, 1:45 PM');
  });

  it('says how long ago, and "just now" within a clock skew', () => {
    const now = new Date(2025, 10, 4, 12, 0);
    expect(formatRelative(at(9, 0), now)).toBe('3 hours ago');
    expect(formatRelative(new Date(2025, 10, 1, 12, 0).toISOString(), now)).toBe('3 days ago');
    expect(formatRelative(new Date(2025, 10, 4, 12, 0, 20).toISOString(), now)).toBe('just now');
  });
});
