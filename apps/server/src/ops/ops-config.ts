import { readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { z } from 'zod';
import { ConfigError, loadConfig, type Config } from '../config';
import { migrationsFolder } from '../paths';

/**
 * A backup or restore that cannot go ahead as asked, said in one sentence before anything was
 * written: the command exits 2, as the server does for a configuration it cannot use.
 */
export class OpsRefusal extends Error {}

export type OpsConfig = {
  config: Config;
  databaseUrl: string;
  /** Where the portal keeps its generated secret key; null when SECRET_KEY is configured. */
  secretKeyFile: string | null;
};

// Backup and restore copy the key and never use it. Without a placeholder, loadConfig would
// create a key in an empty DATA_DIR, and a restore would then find one that is not the backup's.
const NOT_USED_HERE = 'backup-and-restore-never-sign-anything';

/** The server's own configuration (the same variables, the same .env), for the ops commands. */
export const loadOpsConfig = (env: NodeJS.ProcessEnv): OpsConfig => {
  let config: Config;
  try {
    config = loadConfig({ ...env, SECRET_KEY: env.SECRET_KEY || NOT_USED_HERE });
  } catch (error) {
    if (error instanceof ConfigError) throw new OpsRefusal(error.message);
    throw error;
  }
  if (!config.databaseUrl)
    throw new OpsRefusal(
      'DATABASE_URL is not set: backup and restore work on the PostgreSQL server the portal is configured with, not on the embedded development database.',
    );
  return {
    config,
    databaseUrl: config.databaseUrl,
    secretKeyFile: env.SECRET_KEY ? null : path.join(config.dataDir, 'secret-key'),
  };
};

/** The database's name as an operator wrote it in DATABASE_URL, for messages. */
export const databaseName = (databaseUrl: string) =>
  decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || '(default)';

const journalSchema = z.object({
  entries: z.array(z.object({ when: z.number(), tag: z.string() })),
});

/** This install's migrations, oldest first, as drizzle-kit wrote them. */
export const migrationJournal = () =>
  journalSchema.parse(
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')),
  ).entries;

export type PortalState = {
  /** The newest migration applied, by its tag (`0029_replaced_files_queued`). */
  migration: string;
  /** When drizzle-kit wrote it (its folder time), what the migrator compares. */
  migratedAt: number;
  migrations: number;
  users: number;
};

/** What a portal's database holds, read by the caller's connection (in its snapshot). */
export const readPortalState = async (client: pg.ClientBase): Promise<PortalState> => {
  const applied = await client
    .query<{ count: number; newest: string | null }>(
      'SELECT count(*)::int AS count, max(created_at)::text AS newest FROM drizzle.__drizzle_migrations',
    )
    .catch((error: { code?: string }) => {
      // 42P01: no such table — a database, but not a portal's.
      if (error.code === '42P01')
        throw new OpsRefusal(
          'The database holds no portal (it has no migrations table): check DATABASE_URL.',
        );
      throw error;
    });
  const migratedAt = Number(applied.rows[0]?.newest ?? 0);
  const users = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
  return {
    migration:
      migrationJournal().find((entry) => entry.when === migratedAt)?.tag ?? String(migratedAt),
    migratedAt,
    migrations: applied.rows[0]?.count ?? 0,
    users: users.rows[0]?.count ?? 0,
  };
};

/**
 * Every storage key the database names. The columns that hold keys are those whose rows queue
 * their file for removal (migrations 0018, 0022, 0029), so they are read from those triggers: a
 * table with files added later is covered without touching this.
 */
export const referencedKeys = async (client: pg.ClientBase): Promise<Set<string>> => {
  const { rows: columns } = await client.query<{ table: string; column: string }>(
    `SELECT DISTINCT t.tgrelid::regclass::text AS "table",
       convert_from(substring(t.tgargs FROM 1 FOR position('\\x00'::bytea IN t.tgargs) - 1), 'UTF8') AS "column"
     FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
     WHERE p.proname IN ('storage_removals_queue', 'storage_removals_queue_replaced')
       AND t.tgnargs = 1`,
  );
  const keys = new Set<string>();
  for (const { table, column } of columns) {
    const name = client.escapeIdentifier(column);
    const { rows } = await client.query<{ key: string }>(
      `SELECT DISTINCT ${name} AS key FROM ${table} WHERE ${name} IS NOT NULL AND ${name} <> ''`,
    );
    for (const row of rows) keys.add(row.key);
  }
  return keys;
};

/** The PostgreSQL server's major version (15 for 15.20). */
export const serverMajor = async (client: pg.ClientBase) => {
  const { rows } = await client.query<{ num: string; version: string }>(
    "SELECT current_setting('server_version_num') AS num, current_setting('server_version') AS version",
  );
  return { major: Math.floor(Number(rows[0]?.num) / 10_000), version: rows[0]?.version ?? '' };
};
