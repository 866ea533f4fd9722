import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN } from './env';

export type OwnPortal = { url: string; stop(): Promise<void> };

/**
 * A second portal for the few tests that need another configuration than the shared server's
 * (e.g. `REQUIRE_STAFF_2FA`): the same production build and start command, on its own embedded
 * database and port, stopped (with its database) when the test file ends.
 */
export const startOwnPortal = async (
  port: number,
  env: Record<string, string>,
): Promise<OwnPortal> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-own-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn('npm', ['run', 'start', '-w', '@portal/server'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: 'false',
      THROTTLE: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    // Its own process group, so that stopping it stops npm, the server and its database.
    detached: true,
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const started = Date.now(); Date.now() - started < 120_000;) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${url}/api/config/`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the portal on port ${port} did not start`);
};
