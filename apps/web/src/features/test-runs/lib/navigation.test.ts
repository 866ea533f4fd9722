import { describe, expect, it } from 'vitest';
import { nextUntested } from './navigation';

const run = (...codes: string[]) =>
  codes.map((c) => ({ result: c === 'u' ? ('untested' as const) : ('passed' as const) }));

describe('nextUntested', () => {
  it('finds the next untested step after the current one', () => {
    expect(nextUntested(run('p', 'u', 'p', 'u'), 1)).toBe(3);
    expect(nextUntested(run('u', 'p'), -1)).toBe(0);
  });
  it('wraps round to untested steps before the current one', () => {
    expect(nextUntested(run('u', 'p', 'p'), 1)).toBe(0);
  });
  it('answers -1 when every step has a result (or there are none)', () => {
    expect(nextUntested(run('p', 'p'), 0)).toBe(-1);
    expect(nextUntested([], -1)).toBe(-1);
  });
});
