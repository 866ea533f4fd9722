import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-world';
import { leadListQuery, leadListStatement } from './service';

/**
 * The planner's choice, on a table big enough for it to matter (100,000 leads, vacuumed) and with
 * no planner settings changed: a sequential scan would be cheaper on a handful of rows, so a
 * small table would prove nothing, and `enable_seqscan = off` would prove only that the index
 * can be used, not that it is chosen.
 */
const t = useTestApp();

beforeAll(async () => {
  // The app's statement timeout guards requests; this seed is one long statement, and on a
  // busy machine it may take longer than a request ever should.
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    await tx.execute(sql`
    INSERT INTO leads (first_name, last_name, email, company, phone, status, created_at)
    SELECT (ARRAY['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda'])[1 + i % 8],
           (ARRAY['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez',
                  'Martinez','Hernandez','Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor',
                  'Moore','Jackson','Martin','Lee','Perez','Thompson','White','Harris','Sanchez',
                  'Clark','Ramirez','Lewis','Robinson','Walker','Young','Allen','King','Wright',
                  'Scott','Torres','Nguyen','Hill','Flores','Green','Adams','Nelson','Baker','Hall',
                  'Rivera','Campbell','Mitchell','Carter','Roberts'])[1 + (i * 7) % 50],
           'lead' || i || '@mail' || (i % 97) || '.example',
           'Company ' || md5(i::text),
           '+1 555 ' || lpad((i % 10000)::text, 4, '0'),
           (ARRAY['new','contacted','no-response','negotiation','closed','won','spam'])[1 + i % 7],
           now() - make_interval(secs => i * 60)
    FROM generate_series(1, 100000) AS i`);
  });
  // VACUUM as well as ANALYZE: rows inserted in bulk wait in the trigram index's pending list
  // until a vacuum merges them, and while they wait the planner prices the index scan high and
  // may pick a sequential scan — or not, depending on whether autovacuum got there first. A
  // table in service is vacuumed by autovacuum; this makes the test's table the same, at once.
  await t.db.execute(sql`VACUUM ANALYZE leads`);
}, 120_000);

const plan = async (query: SQL) => {
  const result = await t.db.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN (COSTS OFF) ${query}`);
  return result.rows.map((r) => r['QUERY PLAN']).join('\n');
};

describe('the lead list query plan', () => {
  it('serves a partial search from the trigram index, never a sequential scan', async () => {
    const text = await plan(leadListQuery({ search: 'smith' }, 20, 0));
    expect(text).toContain('leads_search_trgm');
    expect(text).not.toContain('Seq Scan');
    const twoWords = await plan(leadListQuery({ search: 'mary smi' }, 20, 40));
    expect(twoWords).toContain('leads_search_trgm');
    expect(twoWords).not.toContain('Seq Scan');
  });

  it('serves the status filter and the newest-first order from btree indexes', async () => {
    const text = await plan(leadListQuery({ status: 'won' }, 20, 0));
    expect(text).toContain('leads_status_created_idx');
    expect(text).not.toContain('Seq Scan');
    // Unfiltered, the count reads the whole table (as it must); the page walks the index.
    const unfiltered = await plan(leadListQuery({}, 20, 0));
    const page = unfiltered.slice(unfiltered.indexOf('->  Limit'));
    // The page's ids come from the index alone, then its 20 rows by id (decision 0054).
    expect(page).toContain('Index Only Scan using leads_created_idx');
    expect(page).not.toContain('Seq Scan');
    // The rows come in the index's order, never sorted. (Each of the page's 20 leads then has its
    // metadata keys put in JavaScript's order by a small sort in its own subplan, decision 0032:
    // that one sorts a lead's keys, not the leads.)
    const rows = page.slice(
      0,
      page.indexOf('SubPlan') === -1 ? undefined : page.indexOf('SubPlan'),
    );
    expect(rows).not.toContain('Sort');
    expect(page).not.toMatch(/Sort Key: .*created_at/);
  });

  // Every order the list offers, with and without the status filter, at page 200 (decision
  // 0054): the page's ids are picked by an index-only scan of the order's own index, and no
  // lead is sorted — the skipped 3,980 are index entries, not rows read from the table.
  it.each([
    [undefined, {}, 'leads_created_idx'],
    ['created_at', {}, 'leads_created_idx'],
    ['status', {}, 'leads_status_id_idx'],
    ['-status', {}, 'leads_status_id_idx'],
    ['company', {}, 'leads_company_idx'],
    ['-company', {}, 'leads_company_idx'],
    [undefined, { status: 'won' }, 'leads_status_created_idx'],
    ['created_at', { status: 'won' }, 'leads_status_created_idx'],
    ['status', { status: 'won' }, 'leads_status_id_idx'],
    ['-status', { status: 'won' }, 'leads_status_id_idx'],
    ['company', { status: 'won' }, 'leads_status_company_idx'],
    ['-company', { status: 'won' }, 'leads_status_company_idx'],
  ] as const)(
    'picks page 200 of ?ordering=%s %j from %s alone',
    async (ordering, filter, index) => {
      const terms = ordering && [
        { field: ordering.replace('-', '') as 'created_at', descending: ordering.startsWith('-') },
      ];
      const text = await plan(leadListQuery({ ...filter, ordering: terms }, 20, 3980));
      const page = text.slice(text.indexOf('->  Limit'));
      expect(page).toMatch(new RegExp(`Index Only Scan (Backward )?using ${index} `));
      expect(page).not.toContain('Seq Scan');
      expect(page.slice(0, page.indexOf('SubPlan'))).not.toContain('Sort');
    },
  );
  // A page of the list runs as a named statement (decision 0054): after five runs PostgreSQL keeps
  // one plan for it, made without the parameters' values (a generic plan). That plan too must
  // read the page's rows by primary key; joined to a subquery of ids with the limit and offset as
  // parameters, it hashed the whole table.
  it.each([[{}], [{ status: 'won' as const }]])(
    'reads a page by primary key in the plan for any page, %j',
    async (filter) => {
      const { sql: text, params } = leadListStatement(filter, 20, 3980);
      const literal = (value: unknown) =>
        typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
      const planned = await t.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
        await tx.execute(sql.raw(`PREPARE generic_page AS ${text}`));
        const explained = await tx.execute<{ 'QUERY PLAN': string }>(
          sql.raw(`EXPLAIN (COSTS OFF) EXECUTE generic_page(${params.map(literal).join(', ')})`),
        );
        await tx.execute(sql`DEALLOCATE generic_page`);
        return explained.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(planned).toContain('Index Scan using leads_pkey');
      expect(planned).not.toContain('Seq Scan on leads');
      expect(planned).not.toContain('Hash');
    },
  );
});
