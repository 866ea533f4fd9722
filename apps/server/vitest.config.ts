import { defineProject } from 'vitest/config';

/**
 * The server's files share one process per worker and its module graph (`isolate: false`):
 * importing the application once per worker instead of once per file took the server suite from
 * ~170 s to ~95 s on a quiet two-core machine (decision 0043). Each file still gets its own
 * database and application, and the server keeps no state in its modules (caches live on the app).
 * A file that replaces a module with `vi.mock` needs a module graph of its own: it is named
 * `*.isolated.test.ts` and runs in `vitest.isolated.config.ts` (ESLint holds the line).
 */
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.isolated.test.ts'],
    isolate: false,
    // Files share a process: a spy or stubbed variable left behind must not reach the next one.
    restoreMocks: true,
    unstubEnvs: true,
    unstubGlobals: true,
    // The database template, and the compiled server the process tests start.
    globalSetup: ['src/test/global-setup.ts', 'src/test/server-bundle.ts'],
    // Each file gets its own database, so files run in parallel safely.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
