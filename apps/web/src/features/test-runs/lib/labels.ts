import type { TestResult, TestRunStatus, TestRunSummary } from '@portal/contract/test-runs';
import type { BadgeColor } from '../../../components/ui/badge';

export const RESULT_LABELS: Record<TestResult, string> = {
  passed: 'Passed',
  failed: 'Failed',
  blocked: 'Blocked',
  skipped: 'Skipped',
  untested: 'Untested',
};

export const RESULT_COLORS: Record<TestResult, BadgeColor> = {
  passed: 'green',
  failed: 'red',
  blocked: 'orange',
  skipped: 'grey',
  untested: 'blue',
};

export const STATUS_LABELS: Record<TestRunStatus, string> = {
  in_progress: 'In progress',
  // Completed by the testers; what it waits for is what people need to read (issue 25).
  completed: 'Waiting for sign-off',
  signed_off: 'Signed off',
};

export const STATUS_COLORS: Record<TestRunStatus, BadgeColor> = {
  in_progress: 'yellow',
  completed: 'blue',
  signed_off: 'green',
};

/** "3 passed, 1 failed, …" for screen readers and titles; zero counts are left out. */
export const summaryText = (summary: TestRunSummary) => {
  const parts = (['passed', 'failed', 'blocked', 'skipped', 'untested'] as const)
    .filter((kind) => summary[kind] > 0)
    .map((kind) => `${summary[kind]} ${kind}`);
  return parts.length > 0 ? parts.join(', ') : 'no steps';
};
