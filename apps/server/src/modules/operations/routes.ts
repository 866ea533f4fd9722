import cluster from 'node:cluster';
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema, type Health } from '@portal/contract/health';
import { migrationsApplied } from '../../db/client';
import { ApiError } from '../../http/errors';
import type { Registry } from 'prom-client';
import { scrapeCluster } from './cluster-metrics';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** A dependency check that answers false instead of throwing, and never hangs a probe. */
const passes = async (check: () => Promise<unknown>, ms = 3_000) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([check().then((result) => result !== false), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
};

/**
 * What load balancers and monitoring call: liveness, readiness and Prometheus metrics. Probes are
 * public, not throttled and logged only at warn, so a check every second does not flood the log.
 */
export const operationsRoutes = async (
  parent: FastifyInstance,
  options: { metrics: Registry | null },
) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { config, db, storage } = app.ctx;
  const probe = {
    logLevel: 'warn',
    schema: {
      tags: ['operations'],
      security: [],
      response: { 200: healthSchema, 503: healthSchema },
    },
  } as const;

  // The storage probe is public: one S3 call per 5 s whatever the number of callers.
  let storageChecked: { at: number; answer: Promise<boolean> } | null = null;
  const storageAnswers = () => {
    const now = performance.now();
    if (!storageChecked || now - storageChecked.at > 5_000)
      storageChecked = { at: now, answer: passes(() => storage.check()) };
    return storageChecked.answer;
  };

  // Both spellings: the API's trailing-slash convention and the bare path probes are set up with.
  for (const suffix of ['', '/']) {
    app.get(`/api/health/live${suffix}`, probe, async (): Promise<Health> => ({ status: 'ok' }));
    app.get(`/api/health/ready${suffix}`, probe, async (_request, reply) => {
      if (app.lifecycle.draining)
        return reply.code(503).send({ status: 'draining' } satisfies Health);
      const database = await passes(() => db.execute(sql`select 1`));
      const migrations = database && (await passes(() => migrationsApplied(db)));
      const ok = database && migrations;
      const body: Health = { status: ok ? 'ok' : 'unavailable', checks: { database, migrations } };
      return reply.code(ok ? 200 : 503).send(body);
    });
    // Not part of readiness: without storage the instance still serves everything but files.
    app.get(`/api/health/storage${suffix}`, probe, async (_request, reply) => {
      const stored = await storageAnswers();
      const body: Health = { status: stored ? 'ok' : 'unavailable', checks: { storage: stored } };
      return reply.code(stored ? 200 : 503).send(body);
    });
  }

  const registry = options.metrics;
  const token = config.metricsToken;
  if (!registry || !token) return;
  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    const [scheme, given] = (request.headers.authorization ?? '').split(' ');
    if (scheme !== 'Bearer' || !given || !sameSecret(given, token))
      throw new ApiError(
        401,
        { detail: 'Authentication credentials were not provided.' },
        { 'www-authenticate': 'Bearer' },
      );
    // Under node:cluster the primary sums every worker's registry (decision 0024).
    if (!cluster.isWorker) return reply.type(registry.contentType).send(await registry.metrics());
    const text = await scrapeCluster().catch((error: unknown) => {
      request.log.error({ err: error }, 'metrics aggregation');
      throw new ApiError(503, { detail: 'Metrics from every worker are not available now.' });
    });
    return reply.type(registry.contentType).send(text);
  });
};
