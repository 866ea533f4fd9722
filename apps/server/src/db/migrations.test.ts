import { randomBytes } from 'node:crypto';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { expect, it } from 'vitest';
import { inject } from 'vitest';
import { connectDatabase, migrationsApplied, migrationsFolder, runMigrations } from './client';

it('applies migrations once when several instances start at the same moment', async () => {
  // An empty database, as a first deploy of two or three instances finds it.
  const adminUrl = inject('adminDatabaseUrl');
  const name = `portal_migrate_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const instances = Array.from({ length: 3 }, () => connectDatabase(url.toString(), { max: 2 }));
  try {
    expect(await migrationsApplied(instances[0]!.db).catch(() => false)).toBe(false);
    // Without the lock two of them race on CREATE EXTENSION pg_trgm and one crashes.
    const results = await Promise.allSettled(instances.map((i) => runMigrations(i.db)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const { rows } = await instances[0]!.pool.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations',
    );
    expect(rows[0]?.count).toBe(readMigrationFiles({ migrationsFolder }).length);
    expect(await migrationsApplied(instances[0]!.db)).toBe(true);
  } finally {
    await Promise.all(instances.map((i) => i.close()));
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
});
