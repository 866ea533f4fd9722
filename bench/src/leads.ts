import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { LeadListQuery } from '@portal/contract/leads';
import { leadListStatement } from '../../apps/server/src/modules/leads/service';
import { measureLeadPages } from './lead-pages';
import { load, warmUp, type LoadResult } from './load';
import { withScratchDatabase, type ScratchDatabase } from './scratch-database';

/**
 * Lead search and filter at scale (DESIGN §6): the portal on a database of 100,000 and then
 * 1,000,000 leads, `GET /api/leads/?search=smith` and `?status=won` at 32 connections, the plan
 * of the search, and the very SQL the API runs sent straight to PostgreSQL at the same
 * concurrency — the database's own rate, which the API is compared with.
 */

const CONNECTIONS = 32;
const SHARED_BUFFERS = '1GB';
const SEARCH = 'smith';

// The DRF peer's distribution (../shared/perf-peer/drf seed.py), so that everyday runs measure
// the realistic case: names, companies and e-mail addresses drawn evenly from these lists make
// about 8.7 % of leads match "smith" (the first name Smitha, the surnames Smith and Goldsmith,
// the company Smith & Sons, and the addresses made of those names).
const FIRST_NAMES = `James Mary John Patricia Robert Jennifer Michael Linda William Elizabeth David
  Barbara Richard Susan Joseph Jessica Thomas Sarah Charles Karen Christopher Nancy Daniel Lisa
  Matthew Betty Anthony Margaret Mark Sandra Donald Ashley Steven Kimberly Paul Emily Andrew Donna
  Joshua Michelle Kenneth Dorothy Kevin Carol Brian Amanda George Melissa Aisha Mateo Priya Chen
  Olga Kwame Ines Yuki Smitha`;
const LAST_NAMES = `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez
  Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson
  White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres
  Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts
  Goldsmith Okafor Kowalski Tanaka Novak`;
// Company words, `_` for a space ("Smith_&_Sons").
const COMPANY_WORDS = `Acme Globex Initech Umbrella Stark Wayne Hooli Vandelay Soylent Tyrell
  Cyberdyne Wonka Gringotts Oscorp Massive Blue_Sky Northwind Contoso Fabrikam Litware
  Smith_&_Sons Brightside Redwood Ironclad Pinnacle Summit Harbor Keystone`;
const COMPANY_SUFFIXES = `Inc LLC Group Labs Co Partners Studio Holdings`;
const DOMAINS = `example.com example.org example.net mail.test corp.test`;
const SENTENCES = [
  'We are looking for a partner to design and build our new website.',
  'Our current platform is slow and hard to change.',
  'Could we talk next week about scope and budget?',
  'We need a customer portal with single sign-on.',
  'The launch is planned for the end of the quarter.',
  'We would like an estimate for a mobile app as well.',
];
const words = (list: string) =>
  `ARRAY[${list
    .trim()
    .split(/\s+/)
    .map((w) => `'${w.replaceAll('_', ' ')}'`)
    .join(',')}]`;

const sentences = `ARRAY[${SENTENCES.map((x) => `'${x.replaceAll("'", "''")}'`).join(',')}]`;
const pick = (array: string, size: number) => `(${array})[1 + floor(random() * ${size})::int]`;
const size = (list: string) => list.trim().split(/\s+/).length;

/** `count` leads as the peer seeds them: a message of 1–3 sentences each, notes on half. */
const seedSql = (count: number) => `
  INSERT INTO leads (first_name, last_name, email, phone, company, title, status, notes, message, metadata, created_at)
  SELECT f, l,
         lower(f) || '.' || lower(l) || n || '@' || ${pick(words(DOMAINS), size(DOMAINS))},
         '+1-555-' || (100 + floor(random() * 900))::int || '-' || (1000 + floor(random() * 9000))::int,
         ${pick(words(COMPANY_WORDS), size(COMPANY_WORDS))} || ' ' || ${pick(words(COMPANY_SUFFIXES), size(COMPANY_SUFFIXES))},
         (ARRAY['CEO','CTO','Founder','Marketing Director','Product Manager','VP Engineering','Head of Digital','Operations Manager','Brand Manager','COO',''])[1 + floor(random() * 11)::int],
         (ARRAY['new','contacted','no-response','negotiation','closed','won','spam'])[1 + floor(random() * 7)::int],
         CASE WHEN random() < 0.5 THEN ${pick(sentences, SENTENCES.length)} ELSE '' END,
         concat_ws(' ', ${pick(sentences, SENTENCES.length)},
                   CASE WHEN random() < 0.67 THEN ${pick(sentences, SENTENCES.length)} END,
                   CASE WHEN random() < 0.33 THEN ${pick(sentences, SENTENCES.length)} END),
         jsonb_build_object('source', (ARRAY['website','referral','linkedin','event'])[1 + floor(random() * 4)::int],
                            'utm_campaign', 'campaign-' || (1 + floor(random() * 40))::int),
         now() - random() * interval '3 years'
  FROM (
    SELECT n,
           ${pick(words(FIRST_NAMES), size(FIRST_NAMES))} AS f,
           ${pick(words(LAST_NAMES), size(LAST_NAMES))} AS l
    FROM generate_series(1, ${count}) AS n
  ) AS person`;

/**
 * Adds `count` leads in one statement. Maintaining a trigram index row by row is what makes
 * bulk inserts slow, so the lead indexes are dropped first and rebuilt afterwards from their
 * own definitions (whatever the migrations say they are), then the table is vacuumed and analysed.
 */
export const seedLeads = async (client: pg.Client, count: number) => {
  const started = performance.now();
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes
     WHERE schemaname = 'public' AND tablename = 'leads' AND indexname <> 'leads_pkey'`,
  );
  for (const index of indexes) await client.query(`DROP INDEX ${index.indexname}`);
  await client.query(`SET maintenance_work_mem = '512MB'`);
  await client.query(`SELECT setseed(0.42)`);
  await client.query(seedSql(count));
  const inserted = performance.now();
  for (const index of indexes) await client.query(index.indexdef);
  const indexed = performance.now();
  await client.query('VACUUM ANALYZE leads');
  const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM leads');
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `  seeded ${count.toLocaleString('en')} leads (total ${rows[0]?.n.toLocaleString('en')}): ` +
      `insert ${seconds(inserted - started)}, indexes ${seconds(indexed - inserted)}, ` +
      `vacuum + analyse ${seconds(performance.now() - indexed)}`,
  );
  return performance.now() - started;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * The API's SQL straight to PostgreSQL: CONNECTIONS clients, each querying in a loop — as a
 * named statement when the API names it (a list without a search, decision 0054), so that both
 * parse and plan alike.
 */
const databaseRate = async (
  url: string,
  name: string,
  statement: { sql: string; params: unknown[] },
  seconds: number,
  statementName?: string,
): Promise<LoadResult> => {
  const query = {
    text: statement.sql,
    values: statement.params,
    ...(statementName === undefined ? {} : { name: statementName }),
  };
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  try {
    // Warm up the connections and the cache.
    await Promise.all(Array.from({ length: CONNECTIONS }, () => pool.query(query)));
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < deadline) {
          const start = performance.now();
          try {
            await pool.query(query);
            latencies.push(performance.now() - start);
          } catch {
            errors++;
          }
        }
      }),
    );
  } finally {
    await pool.end();
  }
  latencies.sort((a, b) => a - b);
  return {
    name,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    non2xx: 0,
    requests: latencies.length + errors,
  };
};

const line = (r: LoadResult, note = '') =>
  [
    r.name.padEnd(46),
    r.rps.toFixed(0).padStart(8),
    r.p50.toFixed(1).padStart(8),
    r.p99.toFixed(1).padStart(8),
    note.padStart(10),
    r.errors + r.non2xx > 0 ? ` ${r.errors} errors, ${r.non2xx} non-2xx of ${r.requests}` : '',
  ].join(' ');

/** The statement the API sends for this list request (first page of 20). */
const listStatement = (filters: LeadListQuery) => leadListStatement(filters, 20, 0);

const measure = async (
  label: string,
  portalUrl: string,
  databaseUrl: string,
  auth: Record<string, string>,
  seconds: number,
) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const search = listStatement({ search: SEARCH });
    const plan = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${search.sql}`,
      search.params,
    );
    const { rows } = await client.query<{ total: number }>(search.sql, search.params);
    console.log(
      `\n${label}: plan of the search (?search=${SEARCH}, ${rows[0]?.total.toLocaleString('en')} matches)`,
    );
    for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
    const planText = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    console.log(
      planText.includes('leads_search_trgm') && !/Seq Scan on leads/.test(planText)
        ? '  → served by the trigram index, no sequential scan'
        : '  → WARNING: the trigram index is not used',
    );
  } finally {
    await client.end();
  }

  console.log(
    `\n${label}\n${'measure (32 connections)'.padEnd(46)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'API/DB'.padStart(10)}`,
  );
  for (const [query, filters] of [
    [`?search=${SEARCH}`, { search: SEARCH }],
    ['?status=won', { status: 'won' }],
  ] as const) {
    const url = `${portalUrl}/api/leads/${query}`;
    await warmUp(url, auth);
    const api = await load({ name: `GET /api/leads/${query}`, url, headers: auth, seconds });
    const db = await databaseRate(
      databaseUrl,
      `  same SQL straight to PostgreSQL (pg loop)`,
      listStatement(filters),
      seconds,
      'search' in filters ? undefined : 'bench_lead_list',
    );
    console.log(line(api, `${((api.rps / db.rps) * 100).toFixed(0)} %`));
    console.log(line(db));
  }
};

/**
 * A scratch database for lead measures: on the PostgreSQL server in DATABASE_URL when set, else
 * on an embedded PostgreSQL started here (with the buffers an operator would give a million
 * leads), with the portal started on it. `run` gets both; everything is dropped afterwards.
 */
/** The leads' benches run with the buffers an operator would give a table of a million rows. */
export const withLeadsDatabase = (run: (database: ScratchDatabase) => Promise<void>) =>
  withScratchDatabase({ label: 'leads', sharedBuffers: SHARED_BUFFERS }, run);

/** Seeding the million takes about a minute on a 2-core machine; BENCH_LEADS_MILLION=0 skips it. */
export const benchLeads = async (options: { seconds: number }) => {
  const million = process.env.BENCH_LEADS_MILLION !== '0';
  await withLeadsDatabase(async ({ where, portal, databaseUrl, seeder, auth }) => {
    console.log(`\nLeads on ${where}`);
    await seedLeads(seeder, 100_000);
    await measure('100,000 leads', portal.url, databaseUrl, auth, options.seconds);
    await measureLeadPages('100,000 leads', portal.url, databaseUrl, auth, options.seconds);
    if (million) {
      await seedLeads(seeder, 900_000);
      await measure('1,000,000 leads', portal.url, databaseUrl, auth, options.seconds);
      await measureLeadPages('1,000,000 leads', portal.url, databaseUrl, auth, options.seconds);
    } else {
      console.log('\n(BENCH_LEADS_MILLION=0: the 1,000,000-lead step was skipped.)');
    }
  });
};
