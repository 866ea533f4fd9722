/**
 * The README's test command: every stage of the suite in turn, stopping at the first that fails,
 * then how long each took and how many browser tests needed their retry (decision 0043).
 * Run by Node's own type stripping (`npm test`), so it needs nothing built.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

type Stage = { label: string; script: string };
type Outcome = Stage & { seconds: number; passed: boolean };

const STAGES: Stage[] = [
  { label: 'checks (types, lint, format)', script: 'check' },
  { label: 'unit and server tests', script: 'test:unit' },
  { label: 'web build', script: 'build' },
  { label: 'browser tests', script: 'test:e2e' },
];

const scratch = mkdtempSync(path.join(tmpdir(), 'portal-suite-'));
const retryFile = path.join(scratch, 'e2e-retries');

const run = (stage: Stage): Outcome => {
  console.log(`\n--- ${stage.label} (npm run ${stage.script})`);
  const started = performance.now();
  const { status } = spawnSync('npm', ['run', stage.script], {
    stdio: 'inherit',
    env: { ...process.env, E2E_RETRY_FILE: retryFile },
  });
  return { ...stage, seconds: (performance.now() - started) / 1000, passed: status === 0 };
};

const outcomes: Outcome[] = [];
for (const stage of STAGES) {
  const outcome = run(stage);
  outcomes.push(outcome);
  if (!outcome.passed) break;
}

const retries = (() => {
  try {
    return readFileSync(retryFile, 'utf8').trim();
  } catch {
    return 'not run';
  }
})();
rmSync(scratch, { recursive: true, force: true });

const minutes = (seconds: number) => {
  const whole = Math.round(seconds);
  return whole < 60
    ? `${whole} s`
    : `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
};
console.log('\n--- suite summary');
for (const { label, seconds, passed } of outcomes)
  console.log(
    `  ${label.padEnd(30)} ${minutes(seconds).padStart(12)}  ${passed ? 'passed' : 'FAILED'}`,
  );
const total = outcomes.reduce((sum, { seconds }) => sum + seconds, 0);
console.log(`  ${'total'.padEnd(30)} ${minutes(total).padStart(12)}`);
console.log(`  browser tests retried: ${retries}`);

// The loop stops at the first failure, so every stage ran exactly when every outcome passed.
process.exitCode = outcomes.every(({ passed }) => passed) ? 0 : 1;
