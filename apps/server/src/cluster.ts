import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import type { Config } from './config';
import { connectDatabase } from './db/client';
import { prepareDatabase } from './db/prepare';
import type { EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded';
import { aggregateForWorkers } from './modules/operations/cluster-metrics';

/**
 * `WEB_CONCURRENCY` HTTP workers on one port (node:cluster, decision 0024). The server keeps no
 * state in memory — sessions, throttles, the outbox and locks live in PostgreSQL, exactly as
 * for several instances behind a proxy — so workers need nothing from each other. The primary
 * starts the embedded PostgreSQL when there is one, applies the migrations once, then forks the
 * workers and supervises them: a worker that dies while serving is replaced, one that dies
 * before it ever listened stops the whole server (a broken configuration is not retried), and
 * SIGTERM/SIGINT reach every worker, which finish their requests in flight, before the
 * database stops.
 */

const DATABASE_ENV = 'PORTAL_WORKER_DATABASE_URL';
const EMBEDDED_ENV = 'PORTAL_WORKER_EMBEDDED';
const RESPAWN_DELAY_MS = 1000;

/** In a worker: the database its primary prepared. */
export const workerDatabase = () => {
  const url = process.env[DATABASE_ENV];
  if (!url) throw new Error(`${DATABASE_ENV} is not set: workers are started by the primary`);
  return { url, embedded: process.env[EMBEDDED_ENV] === '1' };
};

export const runPrimary = async (
  config: Config,
  importEmbedded: () => Promise<{ startEmbeddedPostgres: typeof startEmbeddedPostgres }>,
) => {
  let embedded: EmbeddedDatabase | null = null;
  let url = config.databaseUrl;
  if (!url) {
    const { startEmbeddedPostgres } = await importEmbedded();
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'));
    url = embedded.url;
  }
  const migrator = connectDatabase(url, {
    max: 1,
    timeouts: config.databaseTimeouts,
    directUrl: config.databaseDirectUrl,
    directMax: 1,
  });
  await prepareDatabase(migrator.db, config);
  await migrator.close();

  const env = { [DATABASE_ENV]: url, [EMBEDDED_ENV]: embedded ? '1' : '' };
  const listened = new WeakSet<Worker>();
  let stopping = false;
  let announced = false;

  const stopAll = async (signal: 'SIGTERM' | 'SIGINT', code: number) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(
      () => process.exit(1),
      config.shutdownDrainMs + config.shutdownTimeoutMs + 15_000,
    );
    force.unref();
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    const codes = await Promise.all(
      workers.map(
        (worker) =>
          new Promise<number>((resolve) => {
            if (worker.isDead()) return resolve(0);
            worker.once('exit', (exitCode: number | null, exitSignal: string | null) => {
              if (exitCode !== 0 && exitCode !== null)
                console.error(
                  `worker ${worker.process.pid} stopped with ${exitSignal ?? `exit code ${exitCode}`}`,
                );
              // Ended by the signal it was sent (one still starting has no handler yet): as asked.
              resolve(exitCode ?? 0);
            });
            worker.process.kill(signal);
          }),
      ),
    );
    await embedded?.stop();
    // A worker that had to cut requests at the shutdown timeout makes the stop a failure too.
    process.exit(code || (codes.some((c) => c !== 0) ? 1 : 0));
  };

  cluster.on('listening', (worker) => {
    listened.add(worker);
    if (announced) console.log(`worker ${worker.process.pid} serves in place of a stopped one`);
    const count = Object.values(cluster.workers ?? {}).filter((w) => w && listened.has(w)).length;
    if (!announced && count >= config.webConcurrency) {
      announced = true;
      console.log(
        `\n  ${config.portalName} is running on ${config.publicUrl} (${count} workers)\n`,
      );
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (!listened.has(worker)) {
      console.error(`a worker failed to start (${signal ?? `exit code ${code}`}); stopping`);
      void stopAll('SIGTERM', code || 1);
      return;
    }
    console.error(
      `worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); replacing it`,
    );
    setTimeout(() => {
      if (!stopping) cluster.fork(env);
    }, RESPAWN_DELAY_MS);
  });

  process.on('SIGINT', () => void stopAll('SIGINT', 0));
  process.on('SIGTERM', () => void stopAll('SIGTERM', 0));
  // A scrape of any worker reports the sum over all that serve; one still starting is left out.
  if (config.metricsToken) aggregateForWorkers((worker) => listened.has(worker));
  for (let i = 0; i < config.webConcurrency; i++) cluster.fork(env);
};
