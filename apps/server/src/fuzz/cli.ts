import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

/**
 * `npm run fuzz -- --runs 200 [--seed 7]`: the endpoint fuzz suite of `npm test`, longer. Runs
 * are per endpoint and role; the seed makes a failing run repeatable.
 */
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '50' }, seed: { type: 'string' } },
});
const root = path.resolve(import.meta.dirname, '../../../..');
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', 'src/fuzz/'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    FUZZ_RUNS: values.runs,
    ...(values.seed ? { FUZZ_SEED: values.seed } : {}),
  },
});
process.exit(result.status ?? 1);
