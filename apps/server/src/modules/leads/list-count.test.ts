import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leadListCounts, leads } from '../../db/schema/index';
import { useTestWorld } from '../../test/test-world';
import { leadCountKey } from './service';
import { createLeadWorld, insertLead } from './test-helpers';

/**
 * The list's count is counted once per version of the leads and kept (decision 0024). Whatever
 * changes the leads — the API, a plain statement, a delete, a truncate — the next list counts
 * afresh; a count kept for an older version is never read.
 */
const { t, w } = useTestWorld(createLeadWorld, 'count');

const count = async (query: string) => {
  const res = await w.as('staff').get(`/api/leads/${query}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { count: number }).count;
};

const version = async () => {
  const result = await t.db.execute<{ version: string }>(
    sql`SELECT version FROM lead_list_version WHERE id = 1`,
  );
  return Number(result.rows[0]?.version);
};

describe('the lead list count', () => {
  it('stays exact through every kind of change to the leads', async () => {
    await insertLead(t, { lastName: 'Goldsmith', email: 'g1@count.test' });
    expect(await count('?search=smith')).toBe(1);
    // Kept for this version of the leads.
    const [kept] = await t.db
      .select()
      .from(leadListCounts)
      .where(eq(leadListCounts.key, leadCountKey({ search: 'smith' })));
    expect(kept).toEqual({
      key: leadCountKey({ search: 'smith' }),
      version: await version(),
      total: 1,
    });

    const created = await w.as('staff').post('/api/leads/', {
      first_name: 'Smitha',
      last_name: 'Rao',
      email: 'smitha@count.test',
    });
    expect(created.statusCode).toBe(201);
    expect(await count('?search=smith')).toBe(2);
    expect(await count('?search=SMITH&status=new')).toBe(2);

    await t.db.update(leads).set({ status: 'won' }).where(eq(leads.email, 'g1@count.test'));
    expect(await count('?search=smith&status=new')).toBe(1);
    expect(await count('?search=smith')).toBe(2);

    await t.db.delete(leads).where(eq(leads.email, 'smitha@count.test'));
    expect(await count('?search=smith')).toBe(1);

    await t.db.execute(sql`TRUNCATE leads CASCADE`);
    expect(await count('?search=smith')).toBe(0);
    expect(await count('')).toBe(0);
  });

  it('never reads a count kept for another version of the leads', async () => {
    await insertLead(t, { lastName: 'Smith', email: 's1@count.test' });
    const key = leadCountKey({ search: 'smith' });
    await t.db
      .insert(leadListCounts)
      .values({ key, version: (await version()) - 1, total: 999 })
      .onConflictDoUpdate({
        target: leadListCounts.key,
        set: { version: (await version()) - 1, total: 999 },
      });
    expect(await count('?search=smith')).toBe(1);
  });

  it('pages exactly as before with a kept count', async () => {
    for (let i = 0; i < 25; i++)
      await insertLead(t, { lastName: `Smith${i}`, email: `p${i}@count.test` });
    const first = await w.as('staff').get('/api/leads/?search=smith&page=2');
    const again = await w.as('staff').get('/api/leads/?search=smith&page=2');
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ count: 26, next: null });
    expect((first.json() as { results: unknown[] }).results).toHaveLength(6);
    expect((await w.as('staff').get('/api/leads/?search=smith&page=3')).statusCode).toBe(404);
  });

  it('lets other lead writes through while a long one is open, and counts each as it commits', async () => {
    await insertLead(t, { lastName: 'Smithy', email: 'smithy@open.test' });
    await insertLead(t, { lastName: 'Goldsmith', email: 'gold@open.test' });
    const before = await count('?search=smith');
    const atStart = await version();
    const held = await t.db.$client.connect();
    try {
      // An import, say: a transaction that wrote leads and is not done yet.
      await held.query('BEGIN');
      await held.query(`DELETE FROM leads WHERE email = 'smithy@open.test'`);
      // Its version moves at its commit, not now.
      expect(await version()).toBe(atStart);

      // Meanwhile the website form or a drag on the board writes a lead: at once, not after it.
      const created = await Promise.race([
        w.as('staff').post('/api/leads/', {
          first_name: 'Ann',
          last_name: 'Smithson',
          email: 'ann@open.test',
        }),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('the write waited for the open transaction')), 3000),
        ),
      ]);
      expect(created.statusCode).toBe(201);
      expect(await version()).toBe(atStart + 1);
      // The open delete is not seen yet, the committed create is.
      expect(await count('?search=smith')).toBe(before + 1);

      await held.query('COMMIT');
    } finally {
      await held.query('ROLLBACK').catch(() => undefined);
      held.release();
    }
    // Two transactions wrote leads: two versions, the open one's at its commit.
    expect(await version()).toBe(atStart + 2);
    expect(await count('?search=smith')).toBe(before);
    const marks = await t.db.execute(sql`SELECT count(*)::int AS n FROM lead_list_writes`);
    expect(marks.rows[0]).toEqual({ n: 0 });
  });
});
