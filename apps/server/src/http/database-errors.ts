import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { StorageUnavailableError } from '../storage/types';
import { ApiError, errorChain, errorHandler, loggableError } from './errors';

/** How the database failed a request, when that is not the request's own fault. */
export type DatabaseTrouble = 'unavailable' | 'timeout';

/** SQLSTATEs of a server going away or refusing connections (class 08, shutdown, overload). */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** statement_timeout, lock_timeout, idle_in_transaction_session_timeout, deadlock. */
const TIMEOUT_STATES = new Set(['57014', '55P03', '25P03', '40P01']);
/** Socket errors of node-postgres when the server is down or the connection dropped. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
const UNAVAILABLE_MESSAGES =
  /connection terminated|not queryable|connection timeout|terminating connection|the database system is (starting up|shutting down)/i;

export const classifyDatabaseError = (error: unknown): DatabaseTrouble | null => {
  for (const e of errorChain(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (TIMEOUT_STATES.has(code)) return 'timeout';
    // node-postgres' pool: every client busy for longer than connectionTimeoutMillis.
    if (/timeout exceeded when trying to connect/i.test(e.message)) return 'timeout';
    if (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || UNAVAILABLE_CODES.has(code))
      return 'unavailable';
    if (UNAVAILABLE_MESSAGES.test(e.message)) return 'unavailable';
  }
  return null;
};

/**
 * The unique constraint a failed insert or update ran into (SQLSTATE 23505), or null when it
 * failed otherwise: how a race that the database settled is told apart from a real failure.
 */
export const violatedUniqueConstraint = (error: unknown): string | null => {
  for (const e of errorChain(error)) {
    if (e.code === '23505') {
      const { constraint } = e as { constraint?: unknown };
      return typeof constraint === 'string' ? constraint : '';
    }
  }
  return null;
};

/** Whether the error is a unique violation (of `constraint`, when one is named). */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean => {
  const violated = violatedUniqueConstraint(error);
  return violated !== null && (constraint === undefined || violated === constraint);
};

/** Seconds a client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

export const serviceUnavailable = (trouble: DatabaseTrouble) =>
  new ApiError(
    503,
    {
      detail:
        trouble === 'timeout'
          ? 'The request took too long, try again later.'
          : 'Service temporarily unavailable, try again later.',
    },
    { 'retry-after': String(RETRY_AFTER_SECONDS) },
  );

/** How often, at most, an outage of file storage is logged: not once per request. */
const STORAGE_LOG_EVERY_MS = 30_000;

export const storageUnavailable = () =>
  new ApiError(
    503,
    { detail: 'File storage is temporarily unavailable, try again later.' },
    { 'retry-after': String(RETRY_AFTER_SECONDS) },
  );

/**
 * The app's error handler. File storage that cannot be reached answers 503 with `Retry-After`,
 * logged as storage at most every 30 s — only the requests that need a file fail (issue 28). A
 * database that is unreachable or too slow answers 503 with
 * `Retry-After` and DRF's `detail`, logged once per outage (not once per request) — the outage
 * ends when the pool opens a connection again; a timeout is one warning each. Everything else
 * goes to the DRF-shaped `errorHandler`.
 */
export const databaseAwareErrorHandler = (pool: Pool, log: FastifyBaseLogger) => {
  let down = false;
  /** `performance.now()` when the pool last opened a connection. */
  let connectedAt = Number.NEGATIVE_INFINITY;
  pool.on('connect', () => {
    connectedAt = performance.now();
    if (!down) return;
    down = false;
    log.warn('database reachable again');
  });
  let storageLoggedAt = Number.NEGATIVE_INFINITY;
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // First: an S3 network error carries the same socket codes as a database one.
    if (error instanceof StorageUnavailableError) {
      if (performance.now() - storageLoggedAt >= STORAGE_LOG_EVERY_MS) {
        storageLoggedAt = performance.now();
        request.log.error({ reason: error.message }, 'file storage unreachable: answering 503');
      }
      const answer = storageUnavailable();
      return reply.status(answer.statusCode).headers(answer.headers).send(answer.body);
    }
    const trouble = classifyDatabaseError(error);
    if (trouble === null) return errorHandler(error, request, reply);
    const { code, message } = loggableError(error);
    if (trouble === 'timeout') request.log.warn({ code, reason: message }, 'database timeout: 503');
    else if (!down && performance.now() - reply.elapsedTime >= connectedAt) {
      // Only a request begun after the pool's last new connection tells of an outage: one begun
      // before may fail on an attempt made while the server was away, answered after another
      // client connected ("the database system is starting up", seen under load), whether or not
      // an outage had been logged. (Fastify stamps a request's start when it has a logger; without
      // one `elapsedTime` is 0, and there is no log to keep clean.)
      down = true;
      request.log.error({ code, reason: message }, 'database unreachable: answering 503');
    }
    const answer = serviceUnavailable(trouble);
    return reply.status(answer.statusCode).headers(answer.headers).send(answer.body);
  };
};
