import { defineProject } from 'vitest/config';

/** The server's files that mock modules, each with a module graph of its own (decision 0043). */
export default defineProject({
  test: {
    name: 'server-isolated',
    include: ['src/**/*.isolated.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
