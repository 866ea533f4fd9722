import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { connectDatabase, type DatabaseHandle } from './client';
import {
  connectionsPerInstance,
  describeConnectionBudget,
  describeDatabaseUrls,
} from './connection-budget';

let database: DatabaseHandle;
/** The same database as if DATABASE_URL went through a pooler: another URL for the direct one. */
let pooled: DatabaseHandle;
beforeAll(async () => {
  const url = await createTestDatabase({ empty: true });
  database = connectDatabase(url, { max: 1 });
  const direct = new URL(url);
  direct.searchParams.set('application_name', 'portal-direct');
  pooled = connectDatabase(url, { max: 1, directUrl: direct.toString(), directMax: 1 });
});
afterAll(async () => {
  await database.close();
  await pooled.close();
});

describe('the connection budget', () => {
  it('counts every process’s pool and its jobs’ pool, and beside a pooler the direct ones', () => {
    expect(connectionsPerInstance({ webConcurrency: 2, databasePoolSize: 20 })).toEqual({
      pooled: 44,
      direct: 0,
    });
    expect(connectionsPerInstance({ webConcurrency: 1, databasePoolSize: 5 })).toEqual({
      pooled: 7,
      direct: 0,
    });
    expect(connectionsPerInstance({ webConcurrency: 2, databasePoolSize: 20 }, true)).toEqual({
      pooled: 44,
      direct: 8,
    });
  });

  it('says which URL serves what only when they differ, without credentials', () => {
    expect(describeDatabaseUrls(database.db)).toBeNull();
    const { host, pathname } = new URL(String(database.pool.options.connectionString));
    expect(describeDatabaseUrls(pooled.db)).toBe(
      `Database: requests and jobs through DATABASE_URL (${host}${pathname}); ` +
        `migrations, LISTEN and session locks over DATABASE_DIRECT_URL (${host}${pathname}).`,
    );
  });

  it('says what the instance may open against what the server allows, and warns when two would not fit', async () => {
    const { rows } = await database.db.$client.query<{ max: number; reserved: number }>(
      `SELECT current_setting('max_connections')::int AS max,
              current_setting('superuser_reserved_connections')::int AS reserved`,
    );
    const available = (rows[0]?.max ?? 0) - (rows[0]?.reserved ?? 0);
    const small = await describeConnectionBudget(database.db, {
      webConcurrency: 1,
      databasePoolSize: 4,
    });
    expect(small.warning).toBe(false);
    expect(small.message).toMatch(
      new RegExp(
        `^Database connections: up to 6 for this instance \\(1 × \\(4 pooled \\+ 2 for jobs\\)\\); the server allows ${available} \\(max_connections \\d+, \\d+ in use now\\)\\.$`,
      ),
    );
    const big = await describeConnectionBudget(database.db, {
      webConcurrency: 4,
      databasePoolSize: Math.ceil(available / 8),
    });
    expect(big.warning).toBe(true);
    expect(big.message).toContain('Two instances would not fit: lower DATABASE_POOL_SIZE');
    // Behind a pooler what PostgreSQL sees of the pools is the pooler's own: the direct ones count.
    const behind = await describeConnectionBudget(pooled.db, {
      webConcurrency: 4,
      databasePoolSize: Math.ceil(available / 8),
    });
    expect(behind.warning).toBe(false);
    expect(behind.message).toMatch(
      /^Database connections: up to \d+ to the pooler for this instance \(4 × \(\d+ pooled \+ 2 for jobs\)\), which shares out its own server connections, and 16 direct \(4 × 4 for LISTEN and session locks\); the server allows/,
    );
  });
});
