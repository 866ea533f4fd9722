import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import { behindPooler, DIRECT_CONNECTIONS, type Database } from './client';

/** pg-boss's own pool in every serving process (jobs/scheduler.ts). */
export const JOB_CONNECTIONS = 2;

type BudgetConfig = Pick<Config, 'databasePoolSize' | 'webConcurrency'>;

/**
 * The most connections one instance opens: through `DATABASE_URL` every process's pool and its
 * jobs' pool; beside a pooler, `DIRECT_CONNECTIONS` more per process straight to PostgreSQL.
 */
export const connectionsPerInstance = (config: BudgetConfig, pooler = false) => ({
  pooled: config.webConcurrency * (config.databasePoolSize + JOB_CONNECTIONS),
  direct: pooler ? config.webConcurrency * DIRECT_CONNECTIONS : 0,
});

/** Host, port and database of a connection string: what a log line may show of it. */
const describeUrl = (url: string | undefined) => {
  if (!url) return 'unknown';
  const { host, pathname } = new URL(url);
  return `${host}${pathname}`;
};

/** Which URL serves what, said once at start-up when they differ (null when they do not). */
export const describeDatabaseUrls = (db: Pick<Database, '$client' | '$direct'>) =>
  behindPooler(db)
    ? `Database: requests and jobs through DATABASE_URL (${describeUrl(db.$client.options.connectionString)}); ` +
      `migrations, LISTEN and session locks over DATABASE_DIRECT_URL (${describeUrl(db.$direct.options.connectionString)}).`
    : null;

/**
 * What this instance may open against what the server allows (issue 28: two workers held 44
 * connections where the documentation said 20, and four would near PostgreSQL's default 100).
 * Said once at start-up; a warning when this instance alone would take more than half of what is
 * left for applications, so a second instance (or a rolling restart's overlap) would run out.
 * Behind a pooler PostgreSQL sees only the direct connections and the pooler's own server pool,
 * which the portal cannot see: then the direct ones are what is checked.
 */
export const describeConnectionBudget = async (
  db: Database,
  config: BudgetConfig,
): Promise<{ message: string; warning: boolean }> => {
  const pooler = behindPooler(db);
  const { pooled, direct } = connectionsPerInstance(config, pooler);
  const result = await db.execute<{ max: number; reserved: number; used: number }>(sql`
    SELECT current_setting('max_connections')::int AS max,
           current_setting('superuser_reserved_connections')::int AS reserved,
           (SELECT count(*)::int FROM pg_stat_activity WHERE backend_type = 'client backend') AS used`);
  const row = result.rows[0];
  const shape = `${config.webConcurrency} × (${config.databasePoolSize} pooled + ${JOB_CONNECTIONS} for jobs)`;
  const wanted = pooler
    ? `up to ${pooled} to the pooler for this instance (${shape}), which shares out its own server connections, ` +
      `and ${direct} direct (${config.webConcurrency} × ${DIRECT_CONNECTIONS} for LISTEN and session locks)`
    : `up to ${pooled} for this instance (${shape})`;
  if (!row) return { message: `Database connections: ${wanted}.`, warning: false };
  const available = row.max - row.reserved;
  const warning = (pooler ? direct : pooled) * 2 > available;
  const message =
    `Database connections: ${wanted}; ` +
    `the server allows ${available} (max_connections ${row.max}, ${row.used} in use now).` +
    (warning
      ? pooler
        ? ` Two instances' direct connections would not fit: lower WEB_CONCURRENCY or raise max_connections.`
        : ` Two instances would not fit: lower DATABASE_POOL_SIZE or WEB_CONCURRENCY, raise max_connections, or put PgBouncer in front (docs/deploy.md).`
      : '');
  return { message, warning };
};

/** Prints which URL serves what and the budget at start-up (a warning on stderr when it does not fit). */
export const reportConnectionBudget = async (db: Database, config: BudgetConfig) => {
  const urls = describeDatabaseUrls(db);
  if (urls) console.log(`  ${urls}`);
  const { message, warning } = await describeConnectionBudget(db, config).catch(() => {
    const { pooled, direct } = connectionsPerInstance(config, behindPooler(db));
    return {
      message: `Database connections: up to ${pooled} for this instance${direct ? ` and ${direct} direct` : ''}.`,
      warning: false,
    };
  });
  if (warning) console.warn(`  ${message}`);
  else console.log(`  ${message}`);
};
