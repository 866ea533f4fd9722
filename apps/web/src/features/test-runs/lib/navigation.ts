import type { TestResult } from '@portal/contract/test-runs';

/**
 * The index of the first untested step after `from`, wrapping round to the start; -1 when every
 * step has a result. `nextUntested(results, -1)` is where a runner opens.
 */
export const nextUntested = (results: readonly { result: TestResult }[], from: number) => {
  for (let step = 1; step <= results.length; step++) {
    const i = (from + step + results.length) % results.length;
    if (results[i]?.result === 'untested') return i;
  }
  return -1;
};
