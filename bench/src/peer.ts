import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { hasWrk, load, loadWrk, type LoadOptions, type LoadResult } from './load';
import { BENCH_ADMIN, root, startPortal, login } from './processes';

/**
 * The portal side by side with the DRF peer (`../shared/perf-peer`, issue 20) on the same data
 * and machine: `GET /api/leads/?search=smith`, the lead list's page 1 and page 200, and
 * `GET /api/estimates/{id}/`, each measured
 * PEER_ROUNDS times alternating portal, peer, portal, peer… (drift and the other tenants of a
 * shared machine hit both), with the same load tool for both (wrk when installed, else
 * autocannon), 32 connections. Prints every run, then per endpoint the median req/s and p99 of
 * each side and the median of the per-round ratios.
 *
 * The portal runs as `npm start` runs it, on a data dir of its own (PEER_PORTAL_DATA, kept
 * between runs) into which the peer's export (PEER_EXPORT, written by `export-peer.sh`) is
 * loaded once through the API by the peer's own `load-into-portal.mjs`.
 */

const ROUNDS = Number(process.env.PEER_ROUNDS ?? 3);
const peerDir = path.resolve(root, process.env.PEER_DIR ?? '../shared/perf-peer');

type Loaded = { estimateId: number };

/** Loads the export into the portal at `url` unless this data dir already holds it. */
const loadPeerData = async (url: string, dataDir: string, exportDir: string): Promise<Loaded> => {
  const marker = path.join(dataDir, 'peer-data.json');
  if (existsSync(marker)) return JSON.parse(await readFile(marker, 'utf8')) as Loaded;
  console.log(`  loading ${exportDir} into the portal through its API (minutes; done once)…`);
  const child = spawn(process.execPath, [path.join(peerDir, 'load-into-portal.mjs'), exportDir], {
    env: {
      ...process.env,
      BASE_URL: url,
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const estimateId = Number(out.trim().split('\n').at(-1));
  if (code !== 0 || !Number.isInteger(estimateId))
    throw new Error(`load-into-portal.mjs failed (${code}):\n${out}`);
  const loaded = { estimateId };
  await writeFile(marker, JSON.stringify(loaded));
  return loaded;
};

const timed = async (url: string, headers: Record<string, string>) => {
  const start = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return performance.now() - start;
};

/**
 * After a run, a server may still be working off queued requests (the peer's sync workers
 * especially): wait until a single request answers within twice its unloaded time (at least
 * 300 ms) three times running, at most 120 s, so the next run starts on an idle machine.
 */
const drain = async (url: string, headers: Record<string, string>, idleMs: number) => {
  const limit = Math.max(300, idleMs * 2);
  let ok = 0;
  const deadline = performance.now() + 120_000;
  while (ok < 3 && performance.now() < deadline) {
    ok = (await timed(url, headers)) < limit ? ok + 1 : 0;
    if (ok < 3) await new Promise((r) => setTimeout(r, 500));
  }
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

const load1 = () => loadavg()[0]?.toFixed(2) ?? '?';

export const benchPeer = async (options: { seconds: number }) => {
  const peerUrl = (process.env.PEER_URL ?? '').replace(/\/+$/, '');
  const peerToken = process.env.PEER_TOKEN ?? '';
  const exportDir = process.env.PEER_EXPORT;
  if (!exportDir)
    throw new Error('PEER_EXPORT must name the directory export-peer.sh wrote (see bench/README)');
  const dataDir = process.env.PEER_PORTAL_DATA ?? path.join(tmpdir(), 'portal-bench-peer');
  await mkdir(dataDir, { recursive: true });
  const wrk = hasWrk();
  const run = (o: LoadOptions): Promise<LoadResult> => (wrk ? loadWrk(o) : load(o));

  const portal = await startPortal(undefined, { dataDir });
  try {
    const { estimateId } = await loadPeerData(portal.url, dataDir, exportDir);
    const portalAuth = { authorization: `Token ${await login(portal.url)}` };
    const peerAuth = { authorization: `Token ${peerToken}` };
    const endpoints = [
      {
        name: 'GET /api/leads/?search=smith',
        portal: `${portal.url}/api/leads/?search=smith`,
        peer: `${peerUrl}/api/leads/?search=smith`,
      },
      // Deep pages (issue 30, decision 0054): both sides page by number; only the portal has
      // the cursor, measured beside page 1 in the leads part (lead-pages.ts).
      {
        name: 'GET /api/leads/ (page 1)',
        portal: `${portal.url}/api/leads/`,
        peer: `${peerUrl}/api/leads/`,
      },
      {
        name: 'GET /api/leads/?page=200',
        portal: `${portal.url}/api/leads/?page=200`,
        peer: `${peerUrl}/api/leads/?page=200`,
      },
      {
        name: 'GET /api/estimates/{id}/',
        portal: `${portal.url}/api/estimates/${estimateId}/`,
        peer: `${peerUrl}/api/estimates/${process.env.PEER_ESTIMATE_ID ?? 1}/`,
      },
    ];
    console.log(
      `\nSide by side with the DRF peer at ${peerUrl} — ${wrk ? 'wrk' : 'autocannon'}, 32 connections, ` +
        `${options.seconds} s per run, ${ROUNDS} rounds alternating; load average ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
    );
    const summary: string[] = [];
    for (const endpoint of endpoints) {
      const sides = [
        { side: 'portal', url: endpoint.portal, headers: portalAuth },
        { side: 'peer', url: endpoint.peer, headers: peerAuth },
      ] as const;
      const idle = new Map<string, number>();
      for (const s of sides) {
        await timed(s.url, s.headers);
        idle.set(s.side, await timed(s.url, s.headers));
      }
      const results: Record<'portal' | 'peer', LoadResult[]> = { portal: [], peer: [] };
      const ratios: number[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        for (const s of sides) {
          const r = await run({
            name: endpoint.name,
            url: s.url,
            headers: s.headers,
            seconds: options.seconds,
          });
          results[s.side].push(r);
          console.log(
            `  ${endpoint.name} round ${round} ${s.side.padEnd(6)} ${r.rps.toFixed(1).padStart(8)} req/s` +
              `  p50 ${r.p50.toFixed(1).padStart(7)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms` +
              `  (load ${load1()})` +
              (r.errors + r.non2xx > 0
                ? `  ${r.errors} errors, ${r.non2xx} non-2xx of ${r.requests}`
                : ''),
          );
          await drain(s.url, s.headers, idle.get(s.side) ?? 0);
        }
        const [p, q] = [results.portal.at(-1)!, results.peer.at(-1)!];
        ratios.push(q.rps > 0 ? p.rps / q.rps : Number.POSITIVE_INFINITY);
      }
      const med = (side: 'portal' | 'peer', key: 'rps' | 'p99') =>
        median(results[side].map((r) => r[key]));
      summary.push(
        [
          endpoint.name.padEnd(30),
          med('portal', 'rps').toFixed(1).padStart(9),
          med('portal', 'p99').toFixed(1).padStart(9),
          med('peer', 'rps').toFixed(1).padStart(9),
          med('peer', 'p99').toFixed(1).padStart(9),
          `${median(ratios).toFixed(1)}×`.padStart(8),
        ].join(' '),
      );
    }
    console.log(
      `\n${'median of the rounds'.padEnd(30)} ${'portal/s'.padStart(9)} ${'p99 ms'.padStart(9)} ${'peer/s'.padStart(9)} ${'p99 ms'.padStart(9)} ${'ratio'.padStart(8)}`,
    );
    for (const line of summary) console.log(line);
    console.log(
      `  (load average at the end: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')})`,
    );
  } finally {
    await portal.stop();
  }
};
