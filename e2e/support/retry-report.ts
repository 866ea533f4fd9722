import { writeFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Counts the tests that passed only on their retry (decision 0029 keeps one retry as a safety
 * net; every use of it is a defect to find). Prints them at the end of the run, and writes the
 * count to `E2E_RETRY_FILE` when set, for `.ci/run`'s summary.
 */
// eslint-disable-next-line no-restricted-syntax -- Playwright loads a reporter through a default export.
export default class RetryReport implements Reporter {
  private readonly retried = new Set<string>();

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.retry > 0)
      this.retried.add(`${test.location.file.split('/').pop()} › ${test.title}`);
  }

  onEnd() {
    const names = [...this.retried];
    console.log(
      `\nBrowser tests retried: ${names.length}${names.length ? ' (each a defect to fix)' : ''}`,
    );
    for (const name of names) console.log(`  ↻ ${name}`);
    const file = process.env.E2E_RETRY_FILE;
    if (file) writeFileSync(file, `${names.length}\n`);
  }
}
