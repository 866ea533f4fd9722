import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Each file gets its own database, so files run in parallel safely.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
