import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import { RETRY_AFTER_SECONDS } from './database-errors';

type Area = { active: number; waiting: (() => void)[] };

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** Gives the request's place back (or leaves the queue); null outside a compartment. */
    bulkheadLeave: (() => void) | null;
  }
}

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
  // On the request itself, not in a WeakMap keyed by it: every entry of such a map (whose value,
  // through Fastify's `done`, holds the request and its socket) kept each request's objects alive
  // past the young generation's collections, so they were promoted and collected by full
  // collections — GC went from 6 % to 29 % of a token check's CPU, 20 µs of 58 a request
  // (decision 0032, issue 30 amendment).
  app.decorateRequest('bulkheadLeave', null);
  const busy = () =>
    new ApiError(
      503,
      { detail: 'The service is busy, try again later.' },
      { 'retry-after': String(RETRY_AFTER_SECONDS) },
    );
  // A place leaving goes to the longest waiter, or back to the area.
  const release = (area: Area) => {
    const next = area.waiting.shift();
    if (next) next();
    else area.active--;
  };

  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    const name = areaOf(request.routeOptions.url);
    if (name === null) return done();
    // Gone before its turn came to be counted: Fastify reports no abort for it, and no answer.
    if (reply.raw.destroyed) return done(busy());
    let area = areas.get(name);
    if (!area) {
      area = { active: 0, waiting: [] };
      areas.set(name, area);
    }
    const held = area;
    // Each request holds a place, waits for one, or is gone — and only one that holds a place
    // gives one back. A caller who hangs up while waiting leaves the queue with nothing to give:
    // giving a place then, and being handed one later that nobody returned, lost places for good
    // (a few runs of a load test and the process answered every request 503, idle).
    let state: 'waiting' | 'holding' | 'gone' = 'waiting';
    const enter = () => {
      clearTimeout(timer);
      state = 'holding';
      done();
    };
    const leaveQueue = () => {
      clearTimeout(timer);
      const index = held.waiting.indexOf(enter);
      if (index >= 0) held.waiting.splice(index, 1);
      state = 'gone';
      done(busy());
    };
    // Once the answer is sent, or when the caller went away before it: whichever of Fastify's
    // hooks or the response's own 'close' (it comes either way) is first.
    const leave = () => {
      if (state === 'holding') {
        state = 'gone';
        release(held);
      } else if (state === 'waiting') leaveQueue();
    };
    request.bulkheadLeave = leave;
    reply.raw.once('close', leave);
    // A place is handed over by the request that leaves it (`release`), in arrival order.
    const timer =
      held.active < options.perArea ? undefined : setTimeout(leaveQueue, options.waitMs);
    if (timer === undefined) {
      held.active++;
      state = 'holding';
      return done();
    }
    held.waiting.push(enter);
  });
  const leave = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    request.bulkheadLeave?.();
    done();
  };
  app.addHook('onResponse', leave);
  app.addHook('onRequestAbort', (request, done) => {
    request.bulkheadLeave?.();
    done();
  });
};
