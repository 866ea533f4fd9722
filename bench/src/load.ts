import { spawn, spawnSync } from 'node:child_process';
import autocannon from 'autocannon';

export type LoadResult = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
};

export type LoadOptions = {
  name: string;
  url: string;
  connections?: number;
  seconds?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
};

/** One autocannon run: throughput and latency percentiles (ms). */
export const load = async (options: LoadOptions): Promise<LoadResult> => {
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? 32,
    duration: options.seconds ?? 10,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body === undefined ? {} : { body: options.body }),
  });
  return {
    name: options.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
};

export const warmUp = (url: string, headers: Record<string, string> = {}) =>
  autocannon({ url, connections: 8, duration: 2, headers });

/** Whether wrk (Debian's `wrk`) is on the PATH. */
export const hasWrk = () =>
  spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;

/** wrk's `1.23ms` / `456.00us` / `2.01s` in milliseconds. */
const wrkMs = (value: string) => {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value);
  if (!match) return Number.NaN;
  const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'];
  return Number(match[1]) * scale;
};

/**
 * One wrk run (GET, 2 threads, `--latency`, a 10 s timeout so slow answers count in the
 * percentiles instead of being dropped as timeouts). wrk is a C program: beside a slow server it
 * takes less of the shared cores than autocannon, and it is what `perf-peer/compare.sh` uses.
 */
export const loadWrk = async (options: LoadOptions): Promise<LoadResult> => {
  const args = [
    '-t2',
    `-c${options.connections ?? 32}`,
    `-d${options.seconds ?? 10}s`,
    '--timeout',
    '10s',
    '--latency',
    ...Object.entries(options.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    options.url,
  ];
  const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`wrk exited with ${code}:\n${out}`);
  const num = (pattern: RegExp) => Number(pattern.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    name: options.name,
    rps: num(/Requests\/sec:\s+([\d.]+)/),
    p50: wrkMs(/^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? ''),
    p99: wrkMs(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? ''),
    errors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    non2xx: num(/Non-2xx or 3xx responses: (\d+)/),
    requests: num(/(\d+) requests in/),
  };
};
