import { readMigrationFiles } from 'drizzle-orm/migrator';
import { expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { migrationsFolder } from '../paths';
import { connectDatabase, migrationsApplied, runMigrations } from './client';

it('applies migrations once when several instances start at the same moment', async () => {
  // An empty database, as a first deploy of two or three instances finds it.
  const url = await createTestDatabase({ empty: true });
  const instances = Array.from({ length: 3 }, () => connectDatabase(url, { max: 2 }));
  const [first] = instances;
  if (!first) throw new Error('no instance');
  try {
    expect(await migrationsApplied(first.db).catch(() => false)).toBe(false);
    // Without the lock two of them race on CREATE EXTENSION pg_trgm and one crashes.
    const results = await Promise.allSettled(instances.map((i) => runMigrations(i.db)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const { rows } = await first.pool.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations',
    );
    expect(rows[0]?.count).toBe(readMigrationFiles({ migrationsFolder }).length);
    expect(await migrationsApplied(first.db)).toBe(true);
  } finally {
    await Promise.all(instances.map((i) => i.close()));
  }
});
