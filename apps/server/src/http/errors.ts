import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { ValidationErrorBody } from '@portal/contract/common';

/** An error that answers with a DRF-shaped body; throw it from anywhere below a route. */
export class ApiError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly body: Record<string, unknown>,
    public readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

export const NOT_FOUND = 'Not found.';
export const PERMISSION_DENIED = 'You do not have permission to perform this action.';
export const NOT_AUTHENTICATED = 'Authentication credentials were not provided.';
export const INVALID_TOKEN = 'Invalid token.';

export const notFound = () => new ApiError(404, { detail: NOT_FOUND });
export const permissionDenied = () => new ApiError(403, { detail: PERMISSION_DENIED });
export const notAuthenticated = (detail = NOT_AUTHENTICATED) =>
  new ApiError(401, { detail }, { 'www-authenticate': 'Token' });

/** 400 with messages per field, e.g. `validationError({ email: 'Taken.' })`. */
export const validationError = (fields: Record<string, string | string[]>) =>
  new ApiError(
    400,
    Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? v : [v]])),
  );

export const fieldError = (field: string, message: string) => validationError({ [field]: message });
export const nonFieldError = (message: string) => validationError({ non_field_errors: message });

export const throttled = (retryAfterSeconds: number) =>
  new ApiError(
    429,
    { detail: `Request was throttled. Expected available in ${retryAfterSeconds} seconds.` },
    { 'retry-after': String(retryAfterSeconds) },
  );

type ZodLikeIssue = { instancePath: string; message?: string | undefined };

/** Zod issues (from the validator compiler) keyed by the top-level field, DRF style. */
const issuesToBody = (issues: ZodLikeIssue[]): ValidationErrorBody => {
  const body: ValidationErrorBody = {};
  for (const issue of issues) {
    const field = issue.instancePath.split('/').filter(Boolean).join('.') || 'non_field_errors';
    (body[field] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return body;
};

/** Fastify's own client errors (bad JSON, wrong content type, body too big) in DRF words. */
const frameworkError = (
  error: FastifyError,
  request: FastifyRequest,
): { status: number; detail: string } | null => {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        detail: `Unsupported media type "${request.headers['content-type'] ?? ''}" in request.`,
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
      return { status: 413, detail: 'Request body is too large.' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, detail: 'JSON parse error - the body is not valid JSON.' };
    default:
      break;
  }
  if (error instanceof SyntaxError)
    return { status: 400, detail: `JSON parse error - ${error.message}` };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    return { status: error.statusCode, detail: error.message };
  return null;
};

/** The error and its causes (Drizzle wraps the driver's error as `cause`). */
export const errorChain = function* (error: unknown) {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    yield e as Error & { code?: unknown };
    e = e.cause;
  }
};

/**
 * What may be logged of an error: for a failed query its SQL text and the driver's message and
 * SQLSTATE, never its parameters (token hashes and emails travel there). Drizzle's own message
 * and stack embed the parameters, so they are left out.
 */
export const loggableError = (error: unknown) => {
  const out: { query?: string; type?: string; message?: string; code?: string; stack?: string } =
    {};
  for (const e of errorChain(error)) {
    const query = (e as { query?: unknown }).query;
    if (typeof query === 'string') {
      out.query = query;
      continue;
    }
    out.type = e.name;
    out.message = e.message;
    if (typeof e.code === 'string') out.code = e.code;
    if (e.stack !== undefined) out.stack = e.stack;
  }
  return out;
};

export const errorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  if (error instanceof ApiError) {
    return reply.status(error.statusCode).headers(error.headers).send(error.body);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A path that does not parse (e.g. a non-integer id) names no record: 404, as DRF does.
    if (error.validationContext === 'params') return reply.status(404).send({ detail: NOT_FOUND });
    return reply.status(400).send(issuesToBody(error.validation));
  }
  if (!isResponseSerializationError(error)) {
    const known = frameworkError(error, request);
    if (known) return reply.status(known.status).send({ detail: known.detail });
  }
  request.log.error(loggableError(error), 'unhandled error');
  return reply.status(500).send({ detail: 'A server error occurred.' });
};

export const notFoundHandler = (_request: FastifyRequest, reply: FastifyReply) =>
  reply.status(404).send({ detail: NOT_FOUND });

/**
 * Errors the router raises before any route runs: a path that is not valid percent-encoded
 * UTF-8 (`%ED%A0%80`) or a parameter longer than any key names no record, so 404 in DRF's shape
 * instead of Fastify's own body.
 */
export const routerErrorHandler = (
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) =>
  error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH'
    ? reply.status(404).send({ detail: NOT_FOUND })
    : reply.status(400).send({ detail: error.message });
