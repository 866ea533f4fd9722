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
