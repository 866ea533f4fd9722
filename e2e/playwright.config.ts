import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { scaled } from './support/time';

/** Every e2e run starts the production build on a brand-new embedded database. */
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const port = Number(process.env.E2E_PORT ?? 8765);
export const baseURL = `http://127.0.0.1:${port}`;

/**
 * Debian's Chromium headless shell (`apt-get install chromium-headless-shell`; `.ci/run` installs
 * it): the same Blink as /usr/bin/chromium without the full browser's frame, and what Playwright
 * itself runs headless tests in. The suite took 162 s in it and 208 s in the full browser
 * (decision 0043). `CHROMIUM_PATH` chooses another; without the shell, the full browser.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: '.',
  projects: [
    { name: 'portal', testMatch: '*.spec.ts', testIgnore: 'studio.spec.ts' },
    // The studio's brand shows on every page of the one shared server: changing it while other
    // files run would change their titles and colours under them, so it runs after them, alone.
    { name: 'studio', testMatch: 'studio.spec.ts', dependencies: ['portal'] },
  ],
  fullyParallel: false,
  workers: 2,
  // One retry, reported as "flaky" in the list (decision 0029): on a loaded two-core machine a
  // browser test can lose a race with the machine rather than with the product. A test that
  // fails twice fails the run; every flaky one is a defect to find, as the ones in 0029 were.
  retries: 1,
  // Budgets for a quiet machine, scaled for a busy one (support/time.ts, decision 0034).
  timeout: scaled(30_000),
  expect: { timeout: scaled(7_000) },
  reporter: [['list'], ['./support/retry-report.ts']],
  use: {
    baseURL,
    // A failed test keeps its trace: every action with the page's DOM before and after. Without
    // the screencast (a JPEG of every frame: a fifth of the suite's time, decision 0043); the
    // failure's own screenshot is kept below.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: {
    command: 'npm run start -w @portal/server',
    cwd: '..',
    url: `${baseURL}/api/config/`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      ADMIN_EMAIL: 'admin@e2e.test',
      ADMIN_PASSWORD: 'admin-password-1',
      DEMO_DATA: 'false',
      THROTTLE: 'false',
      // leads.spec.ts serves its stand-in studio website there (e2e/support/lead-website.ts).
      LEAD_FORM_ORIGINS: `http://127.0.0.2:${port}`,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  },
});
