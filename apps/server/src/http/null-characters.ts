import type { FastifyRequest } from 'fastify';
import { FIELD_MESSAGES } from '@portal/contract/fields';
import { notFound, validationError } from './errors';

/** Bodies are JSON: a value nested deeper than this is refused rather than walked. */
const MAX_DEPTH = 64;

/** Why PostgreSQL could not store a string, or null when it can. */
const stringProblem = (value: string): string | null => {
  if (value.includes('\u0000')) return FIELD_MESSAGES.nullCharacter;
  // A lone surrogate (`"\ud800"` in JSON) is no Unicode text: jsonb and UTF-8 refuse it.
  // With the u flag a proper pair reads as one code point, so only a lone half matches \p{Cs}.
  if (/\p{Cs}/u.test(value)) return FIELD_MESSAGES.unpairedSurrogate;
  return null;
};

/** The first problem anywhere in a JSON value, object keys included. */
const problem = (value: unknown, depth = 0): string | null => {
  if (typeof value === 'string') return stringProblem(value);
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return FIELD_MESSAGES.tooDeep(MAX_DEPTH);
  for (const [key, child] of Object.entries(value)) {
    const found = (Array.isArray(value) ? null : stringProblem(key)) ?? problem(child, depth + 1);
    if (found) return found;
  }
  return null;
};

/**
 * PostgreSQL cannot store U+0000 or an unpaired surrogate in text or jsonb: without this check
 * such a value reaches an INSERT (or a LIKE in a search) and the answer is a 500. `textField` in
 * the contract already refuses NUL per field; this catches every other string anywhere in a query
 * or JSON body — free-text search, lead metadata keys and values, nested values — and names the
 * top-level field, as DRF's CharField would. In the path (a slug) such a string names no record:
 * 404. Runs as a preHandler: after the permission check and the schema, before the service.
 */
export const rejectNullCharacters = (request: FastifyRequest): void => {
  const params = request.params;
  if (params && typeof params === 'object' && problem(params) !== null) throw notFound();
  for (const source of [request.query, request.body]) {
    if (source === null || typeof source !== 'object' || Buffer.isBuffer(source)) continue;
    const errors: Record<string, string> = {};
    for (const [field, value] of Object.entries(source)) {
      const found = stringProblem(field) ? FIELD_MESSAGES.invalidKey : problem(value, 1);
      if (found) errors[stringProblem(field) ? 'non_field_errors' : field] = found;
    }
    if (Object.keys(errors).length > 0) throw validationError(errors);
  }
};
