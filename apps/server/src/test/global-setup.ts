import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, runMigrations } from '../db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded';

declare module 'vitest' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

/** Connections the teardown drops databases over at once. */
const DROP_CONCURRENCY = 8;

/**
 * Drops the run's databases a few at a time. Each `DROP DATABASE` waits for an immediate
 * checkpoint (PostgreSQL 15–18), and one checkpoint serves every drop waiting on it: on a busy
 * machine 40 databases took 64–80 s one after another and 34–42 s eight at a time.
 */
const dropAll = async (adminUrl: string, names: string[]) => {
  const queue = [...names];
  const dropper = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      for (let name = queue.shift(); name; name = queue.shift())
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
  await Promise.all(Array.from({ length: Math.min(DROP_CONCURRENCY, names.length) }, dropper));
};

/**
 * One PostgreSQL for the run — the server in DATABASE_URL when set, else an embedded one — and
 * one migrated template database that every test file clones into a fresh database of its own.
 */
// eslint-disable-next-line no-restricted-syntax -- Vitest loads global setup through a default export.
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | null = null;
  let dir: string | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-test-pg-'));
    embedded = await startEmbeddedPostgres(path.join(dir, 'data'), { persistent: false });
    adminUrl = embedded.url;
  }
  const template = `portal_template_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  const db = connectDatabase(templateUrl.toString(), { max: 1 });
  await runMigrations(db.db);
  await db.close();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);

  return async () => {
    // Drop what this run created, so a shared server does not fill up with test databases.
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
      [template, `${template}_f%`],
    );
    await dropAll(
      adminUrl,
      rows.map((row) => row.datname),
    );
    await admin.end();
    await embedded?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  };
}
