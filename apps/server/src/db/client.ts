import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseTimeouts } from '../config';
import { migrationsFolder } from '../paths';
import * as schema from './schema/index';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction handle or the database itself: services accept either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
/** An executor that can also open a (nested) transaction: what multi-step seeders take. */
export type TransactionalExecutor = Executor & Pick<Database, 'transaction'>;

export type DatabaseHandle = { db: Database; pool: pg.Pool; close: () => Promise<void> };

// Return DATE columns as 'yyyy-MM-dd' strings instead of local-midnight Date objects.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export const connectDatabase = (
  url: string,
  options: { max?: number; onError?: (error: Error) => void; timeouts?: DatabaseTimeouts } = {},
): DatabaseHandle => {
  const t = options.timeouts;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // Set per session, so one long lock or a stuck transaction cannot stall every request; the
    // error handler answers each with a 503 (http/database-errors.ts).
    ...(t && {
      statement_timeout: t.statementMs,
      lock_timeout: t.lockMs,
      idle_in_transaction_session_timeout: t.idleInTransactionMs,
      connectionTimeoutMillis: t.poolMs,
    }),
  });
  // A restart drops every client at once, idle ones and ones in the middle of a query, with
  // errors that differ ("terminating connection…", "Connection terminated unexpectedly",
  // ECONNRESET): the first is reported, and the next only once the pool has connected since
  // (one log line per outage, not one per client).
  let reported = false;
  const report = (error: Error) => {
    if (reported) return;
    reported = true;
    options.onError?.(error);
  };
  // An idle client losing its connection (database restart) must not crash the process;
  // the pool drops it and the next query opens a new one.
  pool.on('error', report);
  // A client checked out between two queries (inside a transaction, say) has no pool listener;
  // a server-side disconnect there would be an unhandled 'error' event and kill the process.
  // The query in flight still fails and the pool discards the broken client.
  pool.on('connect', (client) => {
    reported = false;
    client.on('error', report);
  });
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
};

/** Any constant every instance agrees on: "portal" in ASCII. */
const MIGRATION_LOCK = 0x706f7274616c;

/**
 * Applies pending migrations. Instances starting at the same moment queue on an advisory lock,
 * so exactly one applies them and the others find nothing left to do (without it two of them
 * race on `CREATE EXTENSION pg_trgm` and crash). The lock is the session's, held on one
 * connection for the whole run, and released with it even if the process dies.
 */
export const runMigrations = async (db: Database) => {
  const client = await db.$client.connect();
  try {
    // Another instance may migrate for longer than a request may wait on a lock.
    await client.query('SET lock_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      // Back to the pool with the request's limit (the connection's own default).
      await client.query('RESET lock_timeout');
    }
  } finally {
    client.release();
  }
};

/** Whether every migration in the install has been applied (readiness). */
export const migrationsApplied = async (db: Database) => {
  const files = readMigrationFiles({ migrationsFolder });
  const newest = Math.max(0, ...files.map((file) => file.folderMillis));
  const { rows } = await db.$client.query<{ newest: string | null }>(
    'SELECT max(created_at)::text AS newest FROM drizzle.__drizzle_migrations',
  );
  return Number(rows[0]?.newest ?? 0) >= newest;
};
