import cluster from 'node:cluster';
import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext } from '../../context';
import { emailOutbox } from '../../db/schema/index';
import { MAX_ATTEMPTS } from '../../mail/outbox';
import { shareWithPrimary } from './cluster-metrics';

/**
 * One registry per app (tests build many apps in one process): request counts and durations by
 * route and status, the connection pool, the outbox. Routes are the registered patterns
 * (`/api/clients/:id/`), never raw URLs, so the number of series stays bounded.
 */
export const createMetrics = (app: FastifyInstance, ctx: AppContext) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const pool = ctx.db.$client;
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'PostgreSQL connections of this instance by state (total, idle, waiting clients).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'portal_outbox_messages',
    help: 'Emails in the outbox not yet sent: queued (will be tried) or failed (gave up).',
    labelNames: ['state'],
    registers: [registry],
    // Every worker reads the same rows: the instance's value is one of them, not their sum.
    aggregator: 'max',
    async collect() {
      const [row] = await ctx.db
        .select({
          queued: sql<number>`count(*) filter (where ${emailOutbox.attempts} < ${MAX_ATTEMPTS})::int`,
          failed: sql<number>`count(*) filter (where ${emailOutbox.attempts} >= ${MAX_ATTEMPTS})::int`,
        })
        .from(emailOutbox)
        .where(isNull(emailOutbox.sentAt));
      this.set({ state: 'queued' }, row?.queued ?? 0);
      this.set({ state: 'failed' }, row?.failed ?? 0);
    },
  });
  new Gauge({
    name: 'portal_outbox_failed_attempts',
    help: 'Unsent emails whose last delivery attempt failed.',
    registers: [registry],
    aggregator: 'max',
    async collect() {
      const [row] = await ctx.db
        .select({ count: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .where(and(isNull(emailOutbox.sentAt), isNotNull(emailOutbox.lastError)));
      this.set(row?.count ?? 0);
    },
  });

  // Sync: an async hook would cost every request a promise and a microtask turn (decision 0032).
  app.addHook('onResponse', (request, reply, done) => {
    // Unmatched URLs share one label, or a scanner could create series without end.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  if (cluster.isWorker) shareWithPrimary(registry);
  return registry;
};
