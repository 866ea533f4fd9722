import { eq, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { expect, it } from 'vitest';
import { migrationsFolder } from '../../paths';
import { notifications } from '../../db/schema/index';
import { useTestWorld } from '../../test/test-world';
import { createEstimateWorld } from '../estimates/test-fixtures';

/**
 * Migration 0021 on notifications written before it, which carried a comment's words in their
 * text: the words of a standing comment move to the quote, those of a deleted one go.
 */
const { t, w } = useTestWorld(createEstimateWorld, 'nqm');
const migration = readMigrationFiles({ migrationsFolder }).find((m) =>
  m.sql.some((statement) => statement.includes('pg_temp.quote_of')),
);
const COMMENTS = '/api/estimate-item-comments/';

it('splits the words off, keeps those of standing comments, drops those of deleted ones', async () => {
  expect(migration).toBeDefined();
  const post = async (content: string) =>
    (await w.as('member').post(COMMENTS, { item: w.items.acme.id, content })).json<{
      id: number;
    }>().id;
  const kept = await post(`Kept ${'long  words '.repeat(20)}`);
  const gone = await post('Gone words');
  expect((await w.as('member').delete(`${COMMENTS}${gone}/`)).statusCode).toBe(204);
  // As they were before the migration: the words in the text, no quote, no comment named.
  await t.db.execute(
    sql`UPDATE notifications SET text = text || ': ' || coalesce(quote, 'Gone words'),
        quote = NULL, comment_id = NULL WHERE verb = 'commented'`,
  );

  // Its own session: the migration's helper function lives in the session's temporary schema.
  const client = new pg.Client({ connectionString: t.ctx.config.databaseUrl });
  await client.connect();
  try {
    for (const statement of migration!.sql.filter((s) => !/^\s*(ALTER|CREATE INDEX)/.test(s)))
      await client.query(statement);
  } finally {
    await client.end();
  }
  const rows = await t.db
    .select({ text: notifications.text, quote: notifications.quote, id: notifications.commentId })
    .from(notifications)
    .where(eq(notifications.recipientId, w.users.staff.id))
    .orderBy(notifications.id);
  expect(rows).toEqual([
    {
      text: 'Dana Reyes commented on “Wireframes”',
      quote: expect.stringMatching(/^Kept long words long words .*…$/),
      id: kept,
    },
    { text: 'Dana Reyes commented on “Wireframes”', quote: null, id: null },
  ]);
  expect(rows[0]?.quote).toHaveLength(120);
});
