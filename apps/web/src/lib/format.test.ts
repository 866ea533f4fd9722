import { describe, expect, it } from 'vitest';
import { formatCommentTime } from './format';

// Local times, so the expectations hold in whatever time zone the tests run.
const at = (hour: number, minute: number) => new Date(2025, 10, 4, hour, minute).toISOString();

describe('formatCommentTime', () => {
  it("uses 'MM/dd/yyyy hh:mm a' with a zero-padded hour", () => {
    expect(formatCommentTime(at(9, 5))).toBe('11/04/2025 09:05 AM');
    expect(formatCommentTime(at(0, 0))).toBe('11/04/2025 12:00 AM');
    expect(formatCommentTime(at(13, 45))).toBe('11/04/2025 01:45 PM');
  });
});
