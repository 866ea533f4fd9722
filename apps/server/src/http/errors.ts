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
const frameworkError = (error: FastifyError): { status: number; detail: string } | null => {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, detail: 'Unsupported media type in request.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
      return { status: 413, detail: 'Request body is too large.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, detail: 'JSON parse error - the body is empty.' };
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
    const known = frameworkError(error);
    if (known) return reply.status(known.status).send({ detail: known.detail });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ detail: 'A server error occurred.' });
};

export const notFoundHandler = (_request: FastifyRequest, reply: FastifyReply) =>
  reply.status(404).send({ detail: NOT_FOUND });
