import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../apps/server/src/db/embedded';
import { login, startPortal, type Running } from './processes';

export type ScratchDatabase = {
  /** Where the database runs, for the report's heading. */
  where: string;
  /** The database's name and a connection to the server as its owner (for pg_stat views). */
  name: string;
  admin: pg.Client;
  databaseUrl: string;
  /** The portal, started on the database, and a connection to seed it directly. */
  portal: Running;
  seeder: pg.Client;
  /** A staff session on the portal: its token and the header that carries it. */
  token: string;
  auth: Record<string, string>;
};

const startEmbedded = async (dir: string, sharedBuffers: string | undefined) => {
  const embedded = await startEmbeddedPostgres(path.join(dir, 'postgres'));
  if (!sharedBuffers) return embedded;
  // PostgreSQL's default 128 MB of buffers holds a fraction of a large table; give this
  // database what an operator would (the table and its indexes), then restart it.
  const tune = new pg.Client({ connectionString: embedded.url });
  await tune.connect();
  await tune.query(`ALTER SYSTEM SET shared_buffers = '${sharedBuffers}'`);
  await tune.end();
  await embedded.stop();
  return startEmbeddedPostgres(path.join(dir, 'postgres'));
};

/**
 * Runs `run` on a database of its own, `portal_bench_<label>_<time>`: a scratch database on the
 * PostgreSQL server in DATABASE_URL when set, else on an embedded PostgreSQL started here (with
 * `sharedBuffers`, if given); the portal is started on it and signed in as staff. Everything is
 * stopped and dropped afterwards, whatever `run` did.
 */
export const withScratchDatabase = async (
  options: { label: string; sharedBuffers?: string },
  run: (database: ScratchDatabase) => Promise<void>,
) => {
  const { label, sharedBuffers } = options;
  let embedded: EmbeddedDatabase | null = null;
  let dir: string | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dir = await mkdtemp(path.join(tmpdir(), `portal-bench-${label}-`));
    embedded = await startEmbedded(dir, sharedBuffers);
    adminUrl = embedded.url;
  }
  const host = new URL(adminUrl).host;
  const where = sharedBuffers
    ? embedded
      ? `embedded PostgreSQL (shared_buffers ${sharedBuffers})`
      : `PostgreSQL server at ${host} (its own settings)`
    : embedded
      ? 'embedded PostgreSQL'
      : `PostgreSQL server at ${host}`;
  const name = `portal_bench_${label}_${Date.now()}`;
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const portal = await startPortal(databaseUrl.toString());
    const seeder = new pg.Client({ connectionString: databaseUrl.toString() });
    await seeder.connect();
    try {
      const token = await login(portal.url);
      const auth = { authorization: `Token ${token}` };
      await run({
        where,
        name,
        admin,
        databaseUrl: databaseUrl.toString(),
        portal,
        seeder,
        token,
        auth,
      });
    } finally {
      await seeder.end();
      await portal.stop();
    }
  } finally {
    // The server's last connections close just after its process exits; let them go first.
    for (let i = 0; i < 50; i++) {
      const { rows } = await admin.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      if ((rows[0]?.n ?? 0) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  }
};
