import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

/** What a secret's value becomes in the log. */
export const REDACTED = '[redacted]';

/**
 * Words that make a query parameter secret wherever they stand in its name: `signature` (signed
 * unsubscribe and attachment links), `token` and `access_token`, `key` and `api_key`, `code` (an
 * OAuth code), `password`, `secret`… A harmless `zip_code` is hidden too: a log loses nothing
 * by it, and a list of exact names would miss the next secret someone adds.
 */
const SECRET_WORDS = new Set([
  'signature',
  'sig',
  'token',
  'key',
  'apikey',
  'code',
  'otp',
  'password',
  'passwd',
  'pwd',
  'secret',
  'credential',
  'credentials',
  'auth',
  'authorization',
  'session',
  'sessionid',
  'jwt',
]);

/** `access_token`, `x-amz-signature`, `apiKey`, `Client.Secret`: split into lower-case words. */
const wordsOf = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);

const decodedName = (raw: string) => {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    // Broken percent-encoding: judged as written.
    return raw;
  }
};

export const isSecretParameter = (name: string) =>
  wordsOf(decodedName(name)).some((word) => SECRET_WORDS.has(word));

/**
 * Web app pages whose last path segment is a secret: the verification and password reset links
 * of emails (`/password-reset/<uid>/<token>`, modules/auth/email-tokens.ts), which this server
 * answers when it serves the web app.
 */
const SECRET_PATH = /^(\/(?:password-reset|verify-email)\/[^/?#]+\/)[^/?#]+/;

/**
 * `url` (a request's path and query, as Fastify logs it) with the value of every secret query
 * parameter replaced by `[redacted]`, and the token of an email link's path too. Everything else
 * is kept exactly as written, so the log still tells which link was opened.
 */
export const redactUrl = (url: string): string => {
  const path = url.replace(SECRET_PATH, `$1${REDACTED}`);
  const start = path.indexOf('?');
  if (start < 0) return path;
  const end = path.indexOf('#', start);
  const query = path.slice(start + 1, end < 0 ? undefined : end);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0 || !isSecretParameter(pair.slice(0, equals))) return pair;
      return `${pair.slice(0, equals + 1)}${REDACTED}`;
    })
    .join('&');
  return `${path.slice(0, start + 1)}${redacted}${end < 0 ? '' : path.slice(end)}`;
};

/** What Fastify hands its `req` serializer: the request (its raw one, as typed). */
type LoggedRequest = {
  method?: string;
  url?: string;
  headers?: IncomingHttpHeaders;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** Fastify's own `req` serializer (fastify/lib/logger-pino.js), its `url` redacted. */
export const serializeRequest = (request: LoggedRequest) => {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
};

type LoggerOption = FastifyServerOptions['logger'];

/** Fastify's `logger` option with requests logged by `serializeRequest`; none stays none. */
export const withRedactedRequests = (logger: LoggerOption): LoggerOption => {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } };
};
