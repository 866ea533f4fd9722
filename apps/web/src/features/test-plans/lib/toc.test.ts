import { describe, expect, it } from 'vitest';
import { currentFlow } from './toc';

describe('currentFlow', () => {
  it('is the first flow, in plan order, inside the band', () => {
    expect(currentFlow([4, 2, 9], new Set([9, 2]), null)).toBe(2);
    expect(currentFlow([4, 2, 9], new Set([9]), 4)).toBe(9);
  });

  it('stays on the last one between two flows, and starts at the first', () => {
    expect(currentFlow([4, 2, 9], new Set(), 2)).toBe(2);
    expect(currentFlow([4, 2, 9], new Set(), null)).toBe(4);
  });

  it('lets go of a flow that is gone', () => {
    expect(currentFlow([4, 9], new Set(), 2)).toBe(4);
    expect(currentFlow([], new Set(), 2)).toBeNull();
  });
});
