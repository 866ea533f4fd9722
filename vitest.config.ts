import { defineConfig } from 'vitest/config';

// Files run three at a time on this two-core kind of machine (decision 0043): server files spend
// much of their time waiting on PostgreSQL, SMTP and the processes they start, so a third keeps
// both cores busy (the unit stage: 125 s with two, 85 s with three, quiet machine). Vitest reads
// `maxWorkers` per project, and only this variable reaches every project at once; a run's own
// `VITEST_MAX_WORKERS` or `--maxWorkers` still wins.
process.env.VITEST_MAX_WORKERS ??= '3';

// One `vitest run` covers every workspace: pure rules, the server against real PostgreSQL (two
// projects: `server` shares a module graph per worker, `server-isolated` does not; select both
// with `--project 'server*'`), and the web app's components in jsdom.
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.isolated.config.ts',
      'apps/web',
    ],
  },
});
