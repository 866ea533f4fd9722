import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { UserUpdateRequest } from '@portal/contract/users';
import { ApiError, fieldError, nonFieldError } from '../../http/errors';
import { IMAGE_TOO_LARGE } from './images';

const NOT_A_FILE = 'The submitted data was not a file. Check the encoding type on the form.';

/** `image`: undefined leaves the picture alone, null removes it, a buffer replaces it. */
export type UserUpdateInput = { fields: Record<string, unknown>; image: Buffer | null | undefined };

const hasCode = (error: unknown, code: string) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === code;

const isClientError = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'statusCode' in error &&
  typeof error.statusCode === 'number' &&
  error.statusCode >= 400 &&
  error.statusCode < 500;

/**
 * A multipart form as DRF reads it: text fields by name (the last one wins), `image` either a
 * file or an empty value (or the text `null`, which is what `FormData.append('image', null)`
 * sends) meaning "remove". A file input left empty by the browser arrives with no filename and
 * no bytes, and changes nothing.
 */
const readMultipart = async (request: FastifyRequest): Promise<UserUpdateInput> => {
  const fields: Record<string, string> = {};
  let image: Buffer | null | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image') {
          part.file.resume();
          await finished(part.file);
          continue;
        }
        const buffer = await part.toBuffer();
        if (part.filename === '' && buffer.length === 0) continue;
        image = buffer;
      } else if (part.fieldname === 'image') {
        const value = String(part.value);
        if (value !== '' && value !== 'null') throw fieldError('image', NOT_A_FILE);
        image = null;
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (hasCode(error, 'FST_REQ_FILE_TOO_LARGE')) throw fieldError('image', IMAGE_TOO_LARGE);
    if (isClientError(error)) throw error;
    const message = error instanceof Error ? error.message : 'unreadable form';
    throw new ApiError(400, { detail: `Multipart form parse error - ${message}` });
  }
  return { fields, image };
};

export const readUserUpdate = async (
  request: FastifyRequest,
  body: UserUpdateRequest | null | undefined,
): Promise<UserUpdateInput> => {
  if (request.isMultipart()) return readMultipart(request);
  if (body === null) throw nonFieldError('Invalid data. Expected a dictionary, but got null.');
  const { image, ...fields } = body ?? {};
  return { fields, image: image === undefined ? undefined : null };
};

/** Zod issues keyed by field, DRF style, merged into `into`. */
export const collectIssues = (into: Record<string, string[]>, error: z.ZodError) => {
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'non_field_errors';
    (into[field] ??= []).push(issue.message);
  }
};
