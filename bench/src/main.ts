import { measureInitialJs, printBundle } from './bundle';
import { benchCanvasEditor } from './canvas-editor';
import { benchCanvasImport } from './canvas-import';
import { benchEstimates } from './estimates';
import { benchLeadCsv } from './lead-csv';
import { benchLeads } from './leads';
import { benchLighthouse } from './lighthouse';
import { benchOperations } from './operations';
import { load, warmUp, type LoadResult } from './load';
import { benchPeer } from './peer';
import { benchTestPlanScreen } from './test-plan-screen';
import { benchTestRun } from './test-run';
import { BENCH_ADMIN, startBareServer, startPortal, type Running, login } from './processes';

/**
 * `npm run bench`: API throughput and latency at 32 connections against the production server,
 * beside a bare node:http endpoint measured in the same run (absolute numbers drift between
 * runs and machines; the ratio is what to compare). Runs on the embedded database, and also
 * against the PostgreSQL server in DATABASE_URL when it is set.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const row = (r: LoadResult, baseline?: LoadResult) =>
  [
    r.name.padEnd(44),
    r.rps.toFixed(0).padStart(8),
    r.p50.toFixed(1).padStart(8),
    r.p99.toFixed(1).padStart(8),
    (baseline ? `${((r.rps / baseline.rps) * 100).toFixed(0)} %` : '').padStart(9),
    r.errors + r.non2xx > 0 ? ` ${r.errors} errors, ${r.non2xx} non-2xx of ${r.requests}` : '',
  ].join(' ');

const print = (title: string, results: LoadResult[], baseline: LoadResult) => {
  console.log(`\n${title}`);
  console.log(
    `${'measure (32 connections)'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'vs bare'.padStart(9)}`,
  );
  for (const r of results) console.log(row(r, r === baseline ? undefined : baseline));
};

const benchAuth = async (label: string, portal: Running, bare: Running) => {
  const token = await login(portal.url);
  const auth = { authorization: `Token ${token}` };
  await warmUp(`${portal.url}/api/users/auth/`, auth);
  await warmUp(`${bare.url}/`);
  await warmUp(`${bare.url}/secured`);
  const baseline = await load({
    name: 'bare node:http JSON (baseline)',
    url: `${bare.url}/`,
    seconds: SECONDS,
  });
  const secured = await load({
    name: 'bare node:http + the security headers',
    url: `${bare.url}/secured`,
    seconds: SECONDS,
  });
  const me = await load({
    name: 'GET /api/users/auth/',
    url: `${portal.url}/api/users/auth/`,
    headers: auth,
    seconds: SECONDS,
  });
  // The framework's own floor: a route with no token and no database (decision 0024).
  const floor = await load({
    name: 'GET /api/health/live (no token, no SQL)',
    url: `${portal.url}/api/health/live`,
    seconds: SECONDS,
  });
  print(`${label}: token check + current user`, [baseline, secured, me, floor], baseline);

  // Login is deliberately slow (Argon2id, ~19 MiB per hash): its own table, no ratio.
  const loginResult = await load({
    name: 'POST /api/token-auth/ (Argon2id)',
    url: `${portal.url}/api/token-auth/`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
    seconds: SECONDS,
  });
  console.log(row(loginResult));
};

/**
 * `BENCH_ONLY=test-plan,canvas` runs just the named parts: `api` (bundle, token check, login;
 * or `bundle`: /login's initial JavaScript alone, without the load runs),
 * `leads`, `lead-csv`, `estimates` (or `estimate-screen`: its Chromium part alone), `canvas`,
 * `canvas-import` (a 200-table pg_dump imported, beside the plain save of the same diagram),
 * `test-plan`, `test-run`, `operations` (cold start, memory, one locked table), `lighthouse`
 * (BENCH_LIGHTHOUSE_SCREENS=login,estimate for some screens only), and `peer` (side by side with the DRF peer; only when PEER_URL and
 * PEER_TOKEN are set). Unset, everything runs.
 */
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
const runs = (part: string) => ONLY.length === 0 || ONLY.includes(part);

const main = async () => {
  console.log(
    `Studio Portal bench — ${new Date().toISOString()} — Node ${process.version}, ${SECONDS} s per measure`,
  );
  if (process.env.PEER_URL && process.env.PEER_TOKEN && runs('peer'))
    await benchPeer({ seconds: SECONDS });
  if (runs('api')) await benchApi();
  else if (runs('bundle')) await benchBundle();
  if (runs('leads')) await benchLeads({ seconds: SECONDS });
  if (runs('lead-csv')) await benchLeadCsv();
  if (runs('estimates')) await benchEstimates({ seconds: SECONDS });
  else if (runs('estimate-screen')) await benchEstimates({ seconds: SECONDS, screenOnly: true });
  if (runs('canvas')) await benchCanvasEditor();
  if (runs('canvas-import')) await benchCanvasImport();
  if (runs('test-plan')) await benchTestPlanScreen();
  if (runs('test-run')) await benchTestRun();
  if (runs('operations')) await benchOperations({ seconds: SECONDS });
  if (runs('lighthouse')) await benchLighthouse();
};

const LOGIN_BUDGET_KB = 130;

const benchBundle = async () => {
  const portal = await startPortal();
  try {
    printBundle(await measureInitialJs(portal.url, '/login'), LOGIN_BUDGET_KB);
  } finally {
    await portal.stop();
  }
};

const benchApi = async () => {
  const bare = await startBareServer();
  try {
    const embedded = await startPortal();
    try {
      printBundle(await measureInitialJs(embedded.url, '/login'), LOGIN_BUDGET_KB);
      await benchAuth('Embedded PostgreSQL', embedded, bare);
    } finally {
      await embedded.stop();
    }
    const external = process.env.DATABASE_URL;
    if (external) {
      const url = new URL(external);
      const admin = new URL(external);
      const name = `portal_bench_${Date.now()}`;
      url.pathname = `/${name}`;
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      try {
        const server = await startPortal(url.toString());
        try {
          await benchAuth(`PostgreSQL server at ${admin.host}`, server, bare);
        } finally {
          await server.stop();
        }
      } finally {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      }
    } else {
      console.log('\n(DATABASE_URL is not set: the run against a PostgreSQL server was skipped.)');
    }
  } finally {
    await bare.stop();
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
