import { loadavg } from 'node:os';
import pg from 'pg';
import { leadListStatement } from '../../apps/server/src/modules/leads/service';
import { load, warmUp, type LoadResult } from './load';

/**
 * Deep pages of the lead list (issue 30, decision 0054): page 1, page 200 (page numbers, as the
 * web app asks) and a cursor page as deep (`?cursor=`, DRF's CursorPagination, as a client that
 * pages through everything asks), at 32 connections, in alternating rounds so that the drift of
 * a shared machine hits all three alike; the ratio to page 1 is the figure to read. Target:
 * page 200 costs about what page 1 costs, p99 ≤ 50 ms. Beside them, what the database itself
 * spends on page 1 and page 200 (`EXPLAIN (ANALYZE, BUFFERS)` of the API's statement).
 */

const ROUNDS = Number(process.env.BENCH_PAGE_ROUNDS ?? 3);
const DEEP_PAGE = 200;
const PAGE_SIZE = 20;

type Auth = Record<string, string>;

/** The `next` link a client reaches after DEEP_PAGE - 1 pages, walked 100 leads at a time. */
const deepCursorUrl = async (portalUrl: string, auth: Auth) => {
  let link = `${portalUrl}/api/leads/?cursor=&page_size=100`;
  for (let seen = 0; seen < (DEEP_PAGE - 1) * PAGE_SIZE; seen += 100) {
    const res = await fetch(link, { headers: auth });
    const body = (await res.json()) as { next: string | null };
    if (!res.ok || !body.next) throw new Error(`cursor walk stopped at ${seen}: ${res.status}`);
    link = body.next.replace(/^https?:\/\/[^/]+/, portalUrl);
  }
  const url = new URL(link);
  url.searchParams.set('page_size', String(PAGE_SIZE));
  return url.toString();
};

const databasePlan = async (databaseUrl: string, page: number) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const statement = leadListStatement({}, PAGE_SIZE, (page - 1) * PAGE_SIZE);
    await client.query(statement.sql, statement.params);
    const plan = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
      statement.params,
    );
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    const time = /Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? '?';
    const buffers = /Buffers: shared hit=(\d+)(?: read=(\d+))?/.exec(text);
    const pages = Number(buffers?.[1] ?? 0) + Number(buffers?.[2] ?? 0);
    return `page ${page}: ${time} ms, ${pages} buffers`;
  } finally {
    await client.end();
  }
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

export const measureLeadPages = async (
  label: string,
  portalUrl: string,
  databaseUrl: string,
  auth: Auth,
  seconds: number,
) => {
  console.log(
    `\n${label}: deep pages — EXPLAIN ANALYZE of the API's statement: ` +
      `${await databasePlan(databaseUrl, 1)}; ${await databasePlan(databaseUrl, DEEP_PAGE)}`,
  );
  const pages = [
    { name: 'GET /api/leads/ (page 1)', url: `${portalUrl}/api/leads/` },
    { name: `GET /api/leads/?page=${DEEP_PAGE}`, url: `${portalUrl}/api/leads/?page=${DEEP_PAGE}` },
    {
      name: `GET /api/leads/?cursor=… (rows ${(DEEP_PAGE - 1) * PAGE_SIZE + 1}–)`,
      url: await deepCursorUrl(portalUrl, auth),
    },
  ];
  for (const page of pages) await warmUp(page.url, auth);
  const results = new Map<string, LoadResult[]>(pages.map((page) => [page.name, []]));
  for (let round = 1; round <= ROUNDS; round++)
    for (const page of pages) {
      const r = await load({ name: page.name, url: page.url, headers: auth, seconds });
      results.get(page.name)?.push(r);
      console.log(
        `  round ${round} ${page.name.padEnd(44)} ${r.rps.toFixed(0).padStart(6)} req/s` +
          `  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms` +
          `  (load ${loadavg()[0]?.toFixed(2)})` +
          `  ${r.requests} requests, ${r.errors} errors, ${r.non2xx} non-2xx`,
      );
    }
  const first = median((results.get(pages[0]?.name ?? '') ?? []).map((r) => r.rps));
  console.log(
    `  ${'median of the rounds'.padEnd(52)} ${'req/s'.padStart(6)} ${'p99 ms'.padStart(8)} ${'÷ page 1'.padStart(9)}`,
  );
  for (const page of pages) {
    const runs = results.get(page.name) ?? [];
    const rps = median(runs.map((r) => r.rps));
    console.log(
      `  ${page.name.padEnd(52)} ${rps.toFixed(0).padStart(6)} ${median(runs.map((r) => r.p99))
        .toFixed(1)
        .padStart(8)} ${`${((rps / first) * 100).toFixed(0)} %`.padStart(9)}`,
    );
  }
};
