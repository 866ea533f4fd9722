import { describe, expect, it } from 'vitest';
import { PASSWORD_HINT, passwordProblems } from './passwords';

describe('password rules (spec §5, DESIGN §3)', () => {
  it('accepts 8+ characters with a letter and a number', () => {
    expect(passwordProblems('abcdefg1')).toEqual([]);
  });

  it('names each missing requirement', () => {
    expect(passwordProblems('abc1')).toEqual([expect.stringContaining('too short')]);
    expect(passwordProblems('abcdefgh')).toEqual([expect.stringContaining('number')]);
    expect(passwordProblems('12345678')).toEqual([expect.stringContaining('letter')]);
    expect(passwordProblems('a1'.repeat(65))).toEqual([expect.stringContaining('too long')]);
  });

  it('keeps the hint text of the spec', () => {
    expect(PASSWORD_HINT).toBe(
      'Passwords must be at least 8 characters, with at least one number and one letter.',
    );
  });
});
