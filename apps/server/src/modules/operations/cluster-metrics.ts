import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * `/metrics` under node:cluster (decision 0024): whichever worker takes the scrape asks the
 * primary, the primary asks every serving worker for its registry and answers the sum
 * (prom-client's `AggregatorRegistry.aggregate`), so one scrape counts the whole instance.
 * Gauges that read the same database row in every worker say how they combine
 * (`aggregator: 'max'`), or they would count N times.
 *
 * The primary asks only the workers that listen: one still starting (at boot, or replacing a
 * worker that died) has no registry to share yet, and waiting for it would fail every scrape
 * until it is up. prom-client's own `clusterMetrics()` asks every connected worker, hence this
 * small protocol of ours over the same IPC channel.
 */

type Metrics = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

const SCRAPE = 'portal:metrics-scrape';
const COLLECT = 'portal:metrics-collect';
/** A worker's own answer; the primary's sum comes back within the worker's scrape timeout. */
const COLLECT_TIMEOUT_MS = 5_000;
const SCRAPE_TIMEOUT_MS = 10_000;

type Question = { type: string; id: string };
type Answer<T> = { type: string; id: string; answer?: T; error?: string };

const isQuestion = (message: unknown, type: string): message is Question =>
  typeof message === 'object' && message !== null && (message as Question).type === type;
const answerType = (type: string) => `${type}:answer`;

/**
 * Sends one question over an IPC channel and waits for the answer with its id, or fails after
 * `timeoutMs`. `channel` is the worker's `process` or, in the primary, one `Worker`.
 */
const ask = <T>(
  channel: Pick<NodeJS.Process | Worker, 'on' | 'off'> & { send?: (message: Question) => unknown },
  type: string,
  timeoutMs: number,
) =>
  new Promise<T>((resolve, reject) => {
    const id = randomUUID();
    const onMessage = (message: Answer<T>) => {
      if (!isQuestion(message, answerType(type)) || message.id !== id) return;
      finish();
      if (message.answer !== undefined) resolve(message.answer);
      else reject(new Error(`${type} failed: ${message.error ?? 'no answer'}`));
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`${type} timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      channel.off('message', onMessage);
    };
    channel.on('message', onMessage);
    channel.send?.({ type, id });
  });

/** Answers `type` questions arriving on a channel with what `work` resolves to. */
const answer = <T>(
  question: Question,
  send: ((message: Answer<T>) => unknown) | undefined,
  work: () => Promise<T>,
) =>
  work().then(
    (value) => send?.({ type: answerType(question.type), id: question.id, answer: value }),
    (error: unknown) =>
      send?.({ type: answerType(question.type), id: question.id, error: String(error) }),
  );

/** In a worker: answer the primary's collection requests from this registry. */
export const shareWithPrimary = (registry: Registry) => {
  process.on('message', (message: unknown) => {
    if (!isQuestion(message, COLLECT)) return;
    void answer(message, process.send?.bind(process), () => registry.getMetricsAsJSON());
  });
};

/**
 * In the primary: aggregate the workers `isServing` accepts whenever one of them is scraped. A
 * worker that does not answer fails the scrape (a 503), never a partial count.
 */
export const aggregateForWorkers = (isServing: (worker: Worker) => boolean) => {
  const collect = async () => {
    const workers = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => !!worker && worker.isConnected() && isServing(worker),
    );
    const each = await Promise.all(
      workers.map((worker) => ask<Metrics>(worker, COLLECT, COLLECT_TIMEOUT_MS)),
    );
    return AggregatorRegistry.aggregate(each).metrics();
  };
  cluster.on('message', (worker, message: unknown) => {
    if (!isQuestion(message, SCRAPE)) return;
    void answer(message, (reply) => worker.isConnected() && worker.send(reply), collect);
  });
};

/** In a worker: the whole instance's metrics, summed over every serving worker by the primary. */
export const scrapeCluster = () => ask<string>(process, SCRAPE, SCRAPE_TIMEOUT_MS);
