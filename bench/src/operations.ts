import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { load, warmUp, type LoadResult } from './load';
import { groupProcesses, startPortal } from './processes';
import { withScratchDatabase } from './scratch-database';

/**
 * Operations (issue 28): how fast a process starts and how much memory it holds then, beside a
 * bare `node:http` process started the same way; and whether one locked table leaves the rest of
 * the portal its throughput.
 */

const MB = 1024 * 1024;
const STARTS = 3;
const MEMORY_BUDGET_MB = 150;
const LOCK_BUDGET = 0.8;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Polls `url` every 5 ms from `since` until it answers 200; answers the milliseconds taken. */
const untilOk = async (url: string, since: number) => {
  for (const deadline = since + 120_000; performance.now() < deadline;) {
    const ok = await fetch(url).then(
      (res) => (void res.body?.cancel(), res.ok),
      () => false,
    );
    if (ok) return performance.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${url} did not answer within 120 s`);
};

/** The sign-in page and every script, style and preload it names: a first visit's full page. */
const fullPage = async (base: string) => {
  const html = await (await fetch(`${base}/login`)).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  await Promise.all(
    assets.map((asset) => fetch(`${base}${asset}`).then((res) => res.arrayBuffer())),
  );
  return assets.length;
};

/** Plain JavaScript, as the portal's bundle is: nothing to compile at start. */
const BARE_SERVER = `
  const server = require('node:http').createServer((req, res) => res.end('{}'));
  server.listen(0, '127.0.0.1', () => console.log('LISTENING ' + server.address().port));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

/** The bare baseline: spawn to first answer of a `node:http` server on the same Node. */
const bareStart = async () => {
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', BARE_SERVER], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve) =>
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /LISTENING (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    }),
  );
  const ms = await untilOk(`http://127.0.0.1:${port}/`, started);
  child.kill('SIGTERM');
  await once(child, 'exit');
  return ms;
};

type StartResult = { ready: number; page: number; rss: { role: string; mb: number }[] };

/** One start of the production server on a migrated database, as a restart is. */
const portalStart = async (databaseUrl: string, workers: number): Promise<StartResult> => {
  const started = performance.now();
  const portal = await startPortal(databaseUrl, {
    env: { WEB_CONCURRENCY: String(workers) },
    pollMs: 5,
  });
  try {
    const ready = await untilOk(`${portal.url}/api/health/ready`, started);
    await fullPage(portal.url);
    const page = performance.now() - started;
    // Memory at start: once the processes have settled (what an idle instance holds).
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const servers = (await groupProcesses(portal.group ?? -1)).filter((p) =>
      p.args.includes('dist/main.js'),
    );
    const primary = Math.min(...servers.map((p) => p.pid));
    const rss = servers
      .sort((a, b) => a.pid - b.pid)
      .map((p) => ({
        role: servers.length === 1 ? 'process' : p.pid === primary ? 'primary' : 'worker',
        mb: p.rss / MB,
      }));
    return { ready, page, rss };
  } finally {
    await portal.stop();
  }
};

const benchStart = async (databaseUrl: string, where: string) => {
  const bare: number[] = [];
  const single: StartResult[] = [];
  const cluster: StartResult[] = [];
  // Alternating, so a busy moment of the machine falls on each kind alike.
  for (let i = 0; i < STARTS; i++) {
    bare.push(await bareStart());
    single.push(await portalStart(databaseUrl, 1));
    cluster.push(await portalStart(databaseUrl, 2));
  }
  const ms = (n: number) => `${n.toFixed(0)} ms`.padStart(9);
  console.log(`\nCold start on ${where} (median of ${STARTS}; the database already migrated)`);
  console.log(
    `${'measure'.padEnd(44)} ${'to ready'.padStart(9)} ${'to /login'.padStart(9)} ${'vs bare'.padStart(9)}`,
  );
  const bareMs = median(bare);
  console.log(`${'bare node:http (baseline)'.padEnd(44)} ${ms(bareMs)} ${''.padStart(9)}`);
  for (const [label, results] of [
    ['portal, one process', single],
    ['portal, WEB_CONCURRENCY=2', cluster],
  ] as const) {
    const ready = median(results.map((r) => r.ready));
    const page = median(results.map((r) => r.page));
    console.log(
      `${label.padEnd(44)} ${ms(ready)} ${ms(page)} ${`${(ready / bareMs).toFixed(1)}×`.padStart(9)}`,
    );
  }
  console.log(`\nResident memory at start (budget ${MEMORY_BUDGET_MB} MB a serving process)`);
  for (const [label, results] of [
    ['one process', single],
    ['WEB_CONCURRENCY=2', cluster],
  ] as const) {
    const roles = results[0]?.rss.map((r) => r.role) ?? [];
    const cells = roles.map((role, index) => {
      const mb = median(results.map((r) => r.rss[index]?.mb ?? Number.NaN));
      const serving = role !== 'primary';
      const verdict = !serving ? '' : mb <= MEMORY_BUDGET_MB ? ' met' : ' NOT met';
      return `${role} ${mb.toFixed(0)} MB${verdict}`;
    });
    console.log(`  ${label.padEnd(20)} ${cells.join(', ')}`);
  }
};

/**
 * Three loads at once — lead lists, the token check, the client list — first as they are, then
 * with `leads` locked by another session for the whole measure (ACCESS EXCLUSIVE, as a long
 * migration or a stuck `LOCK TABLE` takes it). The token check and the client list must keep
 * ≥ 80 % of their rate (issue 28): the lock timeout ends each lead request's wait at 3 s, and the
 * bulkhead keeps their waiters from holding the whole pool.
 */
const benchLock = async (
  portal: { url: string },
  auth: Record<string, string>,
  databaseUrl: string,
  seconds: number,
) => {
  const others = (label: string) =>
    Promise.all([
      load({
        name: `GET /api/users/auth/ ${label}`,
        url: `${portal.url}/api/users/auth/`,
        headers: auth,
        connections: 16,
        seconds,
      }),
      load({
        name: `GET /api/clients/ ${label}`,
        url: `${portal.url}/api/clients/?page_size=20`,
        headers: auth,
        connections: 16,
        seconds,
      }),
      load({
        name: `GET /api/leads/ ${label}`,
        url: `${portal.url}/api/leads/`,
        headers: auth,
        connections: 16,
        seconds,
      }),
    ]);
  await warmUp(`${portal.url}/api/clients/?page_size=20`, auth);
  const free = await others('(no lock)');
  const locker = new pg.Client({ connectionString: databaseUrl });
  await locker.connect();
  let locked: LoadResult[];
  try {
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE leads IN ACCESS EXCLUSIVE MODE');
    locked = await others('(leads locked)');
  } finally {
    await locker.query('ROLLBACK').catch(() => undefined);
    await locker.end();
  }
  console.log(
    `\nOne locked table (leads, ${seconds} s, 16 connections each; budget: the others ≥ ${LOCK_BUDGET * 100} % of their rate)`,
  );
  console.log(
    `${'measure'.padEnd(44)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(8)} ${'vs free'.padStart(9)}  answers`,
  );
  for (const [index, result] of locked.entries()) {
    const before = free[index];
    if (!before) continue;
    for (const r of [before, result]) {
      const ratio = r === result ? result.rps / before.rps : undefined;
      const verdict =
        ratio === undefined || index === 2 ? '' : ratio >= LOCK_BUDGET ? ' met' : ' NOT met';
      console.log(
        [
          r.name.padEnd(44),
          r.rps.toFixed(0).padStart(8),
          r.p99.toFixed(0).padStart(8),
          (ratio === undefined ? '' : `${(ratio * 100).toFixed(0)} %${verdict}`).padStart(9),
          ` ${r.requests} (${r.non2xx} non-2xx, ${r.errors} errors)`,
        ].join(' '),
      );
    }
  }
};

export const benchOperations = async (options: { seconds: number }) => {
  await withScratchDatabase(
    { label: 'operations' },
    async ({ where, databaseUrl, seeder, portal, auth }) => {
      // Twenty clients, as the capacity plan's list measures; a few leads to list.
      await seeder.query(
        `INSERT INTO clients (name, slug) SELECT 'Client ' || n, 'client-' || n FROM generate_series(1, 20) n`,
      );
      // The issue's measure: a 30 s lock under load.
      await benchLock(portal, auth, databaseUrl, Math.max(options.seconds, 30));
      await benchStart(databaseUrl, where);
    },
  );
};
