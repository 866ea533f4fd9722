import { defineConfig } from 'vitest/config';

// One `vitest run` covers every workspace: pure rules, the server against real PostgreSQL,
// and the web app's components in jsdom.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
