import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { serverRoot } from '../paths';

export type PortalProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote, for failure messages. */
  output: () => string;
  exited: Promise<number | null>;
  /** Signals the process and anything it started (its workers, its embedded database). */
  signal: (signal: NodeJS.Signals) => void;
};

/**
 * The real server as an operator runs it (`npm run serve`: Node on the compiled bundle, which the
 * run's global setup built), in a process group of its own. Resolves once it is ready, or rejects
 * with its output.
 */
export const startPortal = async (options: {
  port: number;
  databaseUrl: string;
  env?: Record<string, string>;
  waitReady?: boolean;
}): Promise<PortalProcess> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-process-'));
  const url = `http://127.0.0.1:${options.port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    SECRET_KEY: 'process-test-secret-key-that-is-long-enough-12345',
    ADMIN_EMAIL: 'admin@process.test',
    ADMIN_PASSWORD: 'admin-password-1',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    // Stops at once unless a test is about the drain (the rolling restart).
    SHUTDOWN_DRAIN_SECONDS: '0',
    // API only: these tests need no web build.
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...options.env,
  };
  const child = spawn(process.execPath, [inject('serverBundle')], {
    cwd: serverRoot,
    env,
    detached: true,
    stdio: 'pipe',
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  const signal = (name: NodeJS.Signals) => {
    if (!gone && child.pid) process.kill(-child.pid, name);
  };
  const portal = { url, child, output: () => output, exited, signal };
  if (options.waitReady === false) return portal;

  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the portal on port ${options.port} exited:\n${output}`);
    const ready = await fetch(`${url}/api/health/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return portal;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  signal('SIGKILL');
  throw new Error(`the portal on port ${options.port} never became ready:\n${output}`);
};
