import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import { migrationsFolder } from '../../paths';
import { useTestWorld } from '../../test/test-world';
import { createWorld, insertProject } from '../clients/test-fixtures';
import { excerpt } from './record';

/**
 * Migration 0020 on entries written before it: the words of comments deleted since leave the
 * activity, those of standing comments stay and learn their comment's id.
 */
const { t, w } = useTestWorld(createWorld, 'cwm');
const migration = readMigrationFiles({ migrationsFolder }).find((m) =>
  m.sql.some((statement) => statement.includes('pg_temp.comment_excerpt')),
);

/** Longer than an excerpt: the SQL must cut it where `excerpt()` does. */
const KEPT_ON_ITEM = `Kept ${'long '.repeat(30)}`;
let leadId: number;
let estimateId: number;

beforeAll(async () => {
  const staff = w.as('staff');
  const project = await insertProject(t, { clientId: w.acme.id, name: 'Site', slug: 'cwm-site' });
  estimateId = (
    await staff.post('/api/estimates/', { project: project.id, name: 'One', description: 'x' })
  ).json<{ id: number }>().id;
  const section = await staff.post('/api/estimate-sections/', { estimate: estimateId, name: 'A' });
  const item = await staff.post('/api/estimate-items/', {
    section: section.json<{ id: number }>().id,
    description: 'Sitemap',
    hours_low: 1,
    hours_high: 2,
  });
  const itemId = item.json<{ id: number }>().id;
  leadId = (
    await staff.post('/api/leads/', { first_name: 'Ada', last_name: 'B', email: 'a@cwm.test' })
  ).json<{ id: number }>().id;
  const say = async (url: string, body: object) =>
    (await staff.post(url, body)).json<{ id: number }>().id;
  await say('/api/lead-comments/', { lead: leadId, message: 'Kept on\nthe lead' });
  const goneFromLead = await say('/api/lead-comments/', { lead: leadId, message: 'Gone lead' });
  await say('/api/estimate-item-comments/', { item: itemId, content: KEPT_ON_ITEM });
  const goneFromItem = await say('/api/estimate-item-comments/', { item: itemId, content: 'Gone' });
  await staff.delete(`/api/lead-comments/${goneFromLead}/`);
  await staff.delete(`/api/estimate-item-comments/${goneFromItem}/`);

  // Back to what the entries were before the migration: no ids, and the words everywhere.
  await t.db.execute(sql`UPDATE activity SET data = data - 'comment_id'`);
  await t.db.execute(
    sql`UPDATE activity SET data = data || '{"comment":"Gone"}'
        WHERE (verb = 'deleted' AND data->>'part' = 'comment')
           OR (verb = 'commented' AND NOT data ? 'comment')`,
  );
});

it('takes out the words of deleted comments and names the standing ones', async () => {
  expect(migration).toBeDefined();
  // Its own session: the migration's helper function lives in the session's temporary schema.
  const client = new pg.Client({ connectionString: t.ctx.config.databaseUrl });
  await client.connect();
  try {
    for (const statement of migration!.sql) await client.query(statement);
  } finally {
    await client.end();
  }
  const { rows } = await t.db.execute<{ verb: string; data: Record<string, unknown> }>(
    sql`SELECT verb, data FROM activity ORDER BY id`,
  );
  expect(JSON.stringify(rows.map((r) => r.data))).not.toMatch(/Gone/);
  expect(rows.filter((r) => r.verb === 'commented').map((r) => r.data)).toEqual([
    { comment: 'Kept on the lead', comment_id: expect.any(Number) },
    {},
    {
      part: 'item',
      name: 'Sitemap',
      comment: excerpt(KEPT_ON_ITEM),
      comment_id: expect.any(Number),
    },
    { part: 'item', name: 'Sitemap' },
  ]);
});
