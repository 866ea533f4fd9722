import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import { RETRY_AFTER_SECONDS } from './database-errors';

type Area = { active: number; waiting: (() => void)[] };

/** `/api/leads/…` → `leads`: the resource a request's route belongs to. */
const areaOf = (route: string | undefined): string | null => {
  if (!route?.startsWith('/api/') || route.startsWith('/api/health/')) return null;
  // An open stream holds no pooled connection between deliveries: it must not hold a place.
  if (route.endsWith('/stream/')) return null;
  return /^\/api\/([a-z0-9-]+)/.exec(route)?.[1] ?? null;
};

/**
 * Compartments for the connection pool (issue 28): at most `perArea` requests of one resource
 * (`leads`, `clients`, …) run at once in a process; the next wait their turn, and past `waitMs`
 * answer 503 with Retry-After. A table locked for 30 s then holds at most that many of the pool's
 * connections (its requests also give up on the lock after DATABASE_LOCK_TIMEOUT_MS), and every
 * other resource keeps the rest: /api/clients/ is not starved by /api/leads/.
 */
export const registerBulkhead = (
  app: FastifyInstance,
  options: { perArea: number; waitMs: number },
) => {
  const areas = new Map<string, Area>();
  const leaving = new WeakMap<FastifyRequest, () => void>();
  const release = (area: Area) => {
    const next = area.waiting.shift();
    if (next) next();
    else area.active--;
  };

  app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done) => {
    const name = areaOf(request.routeOptions.url);
    if (name === null) return done();
    let area = areas.get(name);
    if (!area) {
      area = { active: 0, waiting: [] };
      areas.set(name, area);
    }
    const held = area;
    let released = false;
    // Given back once the answer is sent, or when the caller went away before it.
    leaving.set(request, () => {
      if (released) return;
      released = true;
      release(held);
    });
    if (held.active < options.perArea) {
      held.active++;
      return done();
    }
    // A place is handed over by the request that leaves it (`release`), in arrival order.
    const enter = () => {
      clearTimeout(timer);
      done();
    };
    const timer = setTimeout(() => {
      const index = held.waiting.indexOf(enter);
      if (index >= 0) held.waiting.splice(index, 1);
      released = true; // it never held a place
      done(
        new ApiError(
          503,
          { detail: 'The service is busy, try again later.' },
          { 'retry-after': String(RETRY_AFTER_SECONDS) },
        ),
      );
    }, options.waitMs);
    held.waiting.push(enter);
  });
  const leave = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    leaving.get(request)?.();
    done();
  };
  app.addHook('onResponse', leave);
  app.addHook('onRequestAbort', (request, done) => {
    leaving.get(request)?.();
    done();
  });
};
