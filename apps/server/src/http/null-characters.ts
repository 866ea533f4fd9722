import type { FastifyRequest } from 'fastify';
import { FIELD_MESSAGES } from '@portal/contract/fields';
import { validationError } from './errors';

const hasNull = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  // Bodies are JSON: plain arrays and objects only. Depth bounds a pathological nesting.
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  return Object.values(value).some((child) => hasNull(child, depth + 1));
};

/**
 * PostgreSQL cannot store U+0000 in text or jsonb: without this check such a value reaches an
 * INSERT (or a LIKE in a search) and the answer is a 500. `textField` in the contract already
 * refuses it per field; this catches every other string anywhere in a query or JSON body —
 * free-text search, lead metadata, nested values — and names the top-level field, as DRF's
 * CharField would. Runs as a preHandler: after the permission check and the schema, before the
 * service.
 */
export const rejectNullCharacters = async (request: FastifyRequest) => {
  for (const source of [request.query, request.body]) {
    if (source === null || typeof source !== 'object' || Buffer.isBuffer(source)) continue;
    const fields = Object.entries(source)
      .filter(([, value]) => hasNull(value))
      .map(([field]) => field);
    if (fields.length > 0)
      throw validationError(
        Object.fromEntries(fields.map((field) => [field, FIELD_MESSAGES.nullCharacter])),
      );
  }
};
