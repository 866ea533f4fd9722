import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * `/metrics` under node:cluster (decision 0024): whichever worker takes the scrape asks the
 * primary, the primary asks every worker for its registry (prom-client's AggregatorRegistry) and
 * answers the sum, so one scrape counts the whole instance. Gauges that read the same database
 * row in every worker say how they combine (`aggregator: 'max'`), or they would count N times.
 */

const SCRAPE_REQUEST = 'portal:metrics-scrape';
const SCRAPE_ANSWER = 'portal:metrics-scrape-answer';
const SCRAPE_TIMEOUT_MS = 10_000;

type ScrapeRequest = { type: typeof SCRAPE_REQUEST; id: string };
type ScrapeAnswer = { type: typeof SCRAPE_ANSWER; id: string; text?: string; error?: string };

const isMessage = <T extends { type: string }>(message: unknown, type: T['type']): message is T =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;

/** In a worker: answer the primary's aggregation requests from this registry. */
export const shareWithPrimary = (registry: Registry) => {
  // The constructor installs the worker's listener for the primary's requests.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
};

/** In the primary: aggregate all workers whenever one of them is scraped. */
export const aggregateForWorkers = () => {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage<ScrapeRequest>(message, SCRAPE_REQUEST)) return;
    const answer = (fields: Pick<ScrapeAnswer, 'text' | 'error'>) => {
      if (worker.isConnected()) worker.send({ type: SCRAPE_ANSWER, id: message.id, ...fields });
    };
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (error: unknown) => answer({ error: String(error) }),
    );
  });
};

/** In a worker: the whole instance's metrics, summed over every worker by the primary. */
export const scrapeCluster = () =>
  new Promise<string>((resolve, reject) => {
    const id = randomUUID();
    const onMessage = (message: unknown) => {
      if (!isMessage<ScrapeAnswer>(message, SCRAPE_ANSWER) || message.id !== id) return;
      finish();
      if (message.text !== undefined) resolve(message.text);
      else reject(new Error(`metrics aggregation failed: ${message.error ?? 'no answer'}`));
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error('metrics aggregation timed out'));
    }, SCRAPE_TIMEOUT_MS);
    const finish = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    process.on('message', onMessage);
    process.send?.({ type: SCRAPE_REQUEST, id } satisfies ScrapeRequest);
  });
