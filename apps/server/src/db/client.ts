import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseTimeouts } from '../config';
import { migrationsFolder } from '../paths';
import * as schema from './schema/index';

export type Database = NodePgDatabase<typeof schema> & {
  $client: pg.Pool;
  /**
   * Connections that keep a session of their own — LISTEN, session advisory locks, migrations —
   * straight to PostgreSQL: `$client` itself, unless a transaction pooler stands in between
   * (`DATABASE_DIRECT_URL`), where a session lasts one transaction (issue 28).
   */
  $direct: pg.Pool;
};
/** A transaction handle or the database itself: services accept either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
/** An executor that can also open a (nested) transaction: what multi-step seeders take. */
export type TransactionalExecutor = Executor & Pick<Database, 'transaction'>;

export type DatabaseHandle = { db: Database; pool: pg.Pool; close: () => Promise<void> };

/**
 * Direct connections each serving process may hold beside a pooler: three LISTENs (token cache,
 * notification streams, studio) and one for a session lock (migrations, jobs set-up).
 */
export const DIRECT_CONNECTIONS = 4;

// Return DATE columns as 'yyyy-MM-dd' strings instead of local-midnight Date objects.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

/** Whether request queries go through a transaction pooler (`DATABASE_DIRECT_URL` is set apart). */
export const behindPooler = (db: Pick<Database, '$client' | '$direct'>) =>
  db.$direct !== db.$client;

const isNamedQuery = (config: unknown): config is { name: string } =>
  typeof config === 'object' &&
  config !== null &&
  Object.getPrototypeOf(config) === Object.prototype &&
  typeof (config as { name?: unknown }).name === 'string';

/**
 * Sends a named statement (drizzle's `.prepare(name)`, the hottest reads) as an unnamed one.
 * Behind PgBouncer in transaction mode a named statement, prepared on one server connection, is
 * later executed on another that never saw it ("prepared statement … does not exist"), or
 * prepared twice on one ("already exists"); PgBouncer 1.18 (Debian 12) cannot track them
 * (`max_prepared_statements` came in 1.21). Unnamed, each is parsed and planned per execution:
 * measured in decision 0051 ("PgBouncer").
 */
const withUnnamedStatements = (client: pg.Client) => {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) =>
    query(
      isNamedQuery(config) ? { ...config, name: undefined } : config,
      ...rest,
    )) as pg.Client['query'];
};

/**
 * Reports a pool's connection errors without crashing the process. A restart drops every client
 * at once, idle ones and ones in the middle of a query, with errors that differ ("terminating
 * connection…", "Connection terminated unexpectedly", ECONNRESET): the first is reported, and the
 * next only once the pool has connected since (one log line per outage, not one per client).
 */
const watchPool = (pool: pg.Pool, onError: ((error: Error) => void) | undefined) => {
  let reported = false;
  const report = (error: Error) => {
    if (reported) return;
    reported = true;
    onError?.(error);
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
};

/**
 * The request pool on `url`, and, when `directUrl` differs, a small pool straight to PostgreSQL
 * for what needs a session (`Database.$direct`). `url` is then a transaction pooler: the
 * timeouts cannot travel as startup parameters (PgBouncer refuses those it does not know, or
 * with `ignore_startup_parameters` drops them) and are the role's defaults instead
 * (db/pooler-timeouts.ts), and statements go unnamed.
 */
export const connectDatabase = (
  url: string,
  options: {
    max?: number;
    onError?: (error: Error) => void;
    timeouts?: DatabaseTimeouts;
    directUrl?: string;
    /** Size of the direct pool behind a pooler; `DIRECT_CONNECTIONS` unless told. */
    directMax?: number;
  } = {},
): DatabaseHandle => {
  const t = options.timeouts;
  const pooled = options.directUrl !== undefined && options.directUrl !== url;
  // Set per session, so one long lock or a stuck transaction cannot stall every request; the
  // error handler answers each with a 503 (http/database-errors.ts).
  const sessionTimeouts = t && {
    statement_timeout: t.statementMs,
    lock_timeout: t.lockMs,
    idle_in_transaction_session_timeout: t.idleInTransactionMs,
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...(!pooled && sessionTimeouts),
    ...(t && { connectionTimeoutMillis: t.poolMs }),
  });
  watchPool(pool, options.onError);
  if (pooled) pool.on('connect', withUnnamedStatements);
  const direct = pooled
    ? new pg.Pool({
        connectionString: options.directUrl,
        max: options.directMax ?? DIRECT_CONNECTIONS,
        ...sessionTimeouts,
        ...(t && { connectionTimeoutMillis: t.poolMs }),
      })
    : pool;
  if (pooled) watchPool(direct, options.onError);
  const db = Object.assign(drizzle(pool, { schema }), { $direct: direct });
  return {
    db,
    pool,
    close: async () => {
      await pool.end();
      if (pooled) await direct.end();
    },
  };
};

/** Any constant every instance agrees on: "portal" in ASCII. */
const MIGRATION_LOCK = 0x706f7274616c;

/**
 * Applies pending migrations. Instances starting at the same moment queue on an advisory lock,
 * so exactly one applies them and the others find nothing left to do (without it two of them
 * race on `CREATE EXTENSION pg_trgm` and crash). The lock is the session's, held on one
 * connection for the whole run, and released with it even if the process dies: a direct one,
 * as a transaction pooler would hand the session to someone else after each statement.
 */
export const runMigrations = async (db: Pick<Database, '$direct'>) => {
  const client = await db.$direct.connect();
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
