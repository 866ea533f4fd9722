import { execFile } from 'node:child_process';
import http from 'node:http';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type PortalProcess } from './test/portal-process';
import { createTestDatabase } from './test/test-app';

// Ports 8870–8879 are this file's.
const METRICS_TOKEN = 'cluster-metrics-token-0123456789';
let portal: PortalProcess;

/** One request on its own connection: node:cluster hands each new connection to the next worker. */
const get = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      })
      .on('error', reject);
  });

const scrape = async () => {
  const res = await get(`${portal.url}/metrics`, { authorization: `Bearer ${METRICS_TOKEN}` });
  expect(res.status).toBe(200);
  return res.body;
};
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

/** The primary's workers: its children running the server bundle. */
const workerPids = async () => {
  const ps = ['-o', 'pid=,args=', '--ppid', String(portal.child.pid)];
  const { stdout } = await promisify(execFile)('ps', ps);
  return stdout
    .split('\n')
    .filter((line) => line.includes('main.js'))
    .map((line) => Number.parseInt(line, 10));
};
const poll = async <T>(what: string, probe: () => Promise<T | undefined>) => {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${what} did not happen:\n${portal.output()}`);
};

beforeAll(async () => {
  const databaseUrl = await createTestDatabase({ empty: true });
  portal = await startPortal({
    port: 8870,
    databaseUrl,
    env: { WEB_CONCURRENCY: '2', METRICS_TOKEN },
  });
  // Ready means one worker answers; the primary says when both listen.
  await poll('both workers listening', async () =>
    portal.output().includes('(2 workers)') ? true : undefined,
  );
}, 120_000);
afterAll(async () => {
  portal?.signal('SIGTERM');
  await portal?.exited;
});

describe('/metrics with two workers', () => {
  it('counts the requests every worker answered, whichever worker takes the scrape', async () => {
    const live = 'portal_http_requests_total{method="GET",route="/api/health/live",status="200"}';
    // Each on a new connection, so they alternate between the two workers.
    for (let i = 0; i < 20; i++)
      expect((await get(`${portal.url}/api/health/live`)).status).toBe(200);

    // Two scrapes in a row are taken by different workers; both see all 20.
    const first = await scrape();
    const second = await scrape();
    expect(sample(first, live)).toBe(20);
    expect(sample(second, live)).toBe(20);
    // Without the primary's sum, each scrape would see only its own worker's 10.
    // The outbox is one table: its gauge is the same whatever the number of workers.
    expect(sample(first, 'portal_outbox_messages{state="queued"}')).toBe(0);
    // The first scrape is counted by the worker that served it, seen by the next scrape.
    expect(
      sample(second, 'portal_http_requests_total{method="GET",route="/metrics",status="200"}'),
    ).toBe(1);
  });

  it('refuses a scrape without the token, as a single process does', async () => {
    expect((await get(`${portal.url}/metrics`)).status).toBe(401);
  });

  // Last: it kills a worker.
  it('answers from the serving workers while a dead one is being replaced', async () => {
    const before = await workerPids();
    expect(before).toHaveLength(2);
    process.kill(before[0]!, 'SIGKILL');
    // The primary forks the replacement a second later; it takes a while to import and
    // connect, and has no registry to share until it listens.
    await poll('the replacement forked', async () =>
      (await workerPids()).find((pid) => !before.includes(pid)),
    );
    const text = await scrape();
    expect(sample(text, 'portal_outbox_messages{state="queued"}')).toBe(0);

    // Once it listens, it is counted again: of four requests alternating between the two
    // workers, the sum sees all four, not only the survivor's two.
    await poll('the replacement serving', async () =>
      /worker \d+ serves in place of a stopped one/.test(portal.output()) ? true : undefined,
    );
    const live = (text: string) =>
      sample(
        text,
        'portal_http_requests_total{method="GET",route="/api/health/live",status="200"}',
      ) ?? 0;
    const start = live(await scrape());
    for (let i = 0; i < 4; i++)
      expect((await get(`${portal.url}/api/health/live`)).status).toBe(200);
    expect(live(await scrape()) - start).toBe(4);
    // A replacement worker imports and connects: seconds alone, tens of them beside the suite.
  }, 90_000);
});
