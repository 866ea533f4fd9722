import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { connectDatabase, type DatabaseHandle } from './client';
import { connectionsPerInstance, describeConnectionBudget } from './connection-budget';

let database: DatabaseHandle;
beforeAll(async () => {
  database = connectDatabase(await createTestDatabase({ empty: true }), { max: 1 });
});
afterAll(() => database.close());

describe('the connection budget', () => {
  it('counts every process’s pool and its jobs’ pool', () => {
    expect(connectionsPerInstance({ webConcurrency: 2, databasePoolSize: 20 })).toBe(44);
    expect(connectionsPerInstance({ webConcurrency: 1, databasePoolSize: 5 })).toBe(7);
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
  });
});
