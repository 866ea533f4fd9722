import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from './client';

/** pg-boss's own pool in every serving process (jobs/scheduler.ts). */
export const JOB_CONNECTIONS = 2;

/** The most connections one instance opens: every process's pool and its jobs' pool. */
export const connectionsPerInstance = (
  config: Pick<Config, 'databasePoolSize' | 'webConcurrency'>,
) => config.webConcurrency * (config.databasePoolSize + JOB_CONNECTIONS);

/**
 * What this instance may open against what the server allows (issue 28: two workers held 44
 * connections where the documentation said 20, and four would near PostgreSQL's default 100).
 * Said once at start-up; a warning when this instance alone would take more than half of what is
 * left for applications, so a second instance (or a rolling restart's overlap) would run out.
 */
export const describeConnectionBudget = async (
  db: Database,
  config: Pick<Config, 'databasePoolSize' | 'webConcurrency'>,
): Promise<{ message: string; warning: boolean }> => {
  const needed = connectionsPerInstance(config);
  const result = await db.execute<{ max: number; reserved: number; used: number }>(sql`
    SELECT current_setting('max_connections')::int AS max,
           current_setting('superuser_reserved_connections')::int AS reserved,
           (SELECT count(*)::int FROM pg_stat_activity WHERE backend_type = 'client backend') AS used`);
  const row = result.rows[0];
  const shape = `${config.webConcurrency} × (${config.databasePoolSize} pooled + ${JOB_CONNECTIONS} for jobs)`;
  if (!row) return { message: `Database connections: up to ${needed} (${shape}).`, warning: false };
  const available = row.max - row.reserved;
  const warning = needed * 2 > available;
  const message =
    `Database connections: up to ${needed} for this instance (${shape}); ` +
    `the server allows ${available} (max_connections ${row.max}, ${row.used} in use now).` +
    (warning
      ? ` Two instances would not fit: lower DATABASE_POOL_SIZE or WEB_CONCURRENCY, raise max_connections, or put PgBouncer in front (docs/deploy.md).`
      : '');
  return { message, warning };
};

/** Prints the budget at start-up (a warning on stderr when it does not fit). */
export const reportConnectionBudget = async (
  db: Database,
  config: Pick<Config, 'databasePoolSize' | 'webConcurrency'>,
) => {
  const { message, warning } = await describeConnectionBudget(db, config).catch(() => ({
    message: `Database connections: up to ${connectionsPerInstance(config)} for this instance.`,
    warning: false,
  }));
  if (warning) console.warn(`  ${message}`);
  else console.log(`  ${message}`);
};
