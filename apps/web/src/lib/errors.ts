import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from './toast';
import { ApiError } from './api';

export const UNEXPECTED_ERROR = 'An unexpected error occurred';

type ErrorBody = Record<string, unknown>;

const asObject = (body: unknown): ErrorBody | null =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as ErrorBody) : null;

/** The first message of a DRF error value: a string, a list of messages, or a nested object. */
export const firstMessage = (value: unknown): string | null => {
  if (typeof value === 'string') return value || null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const message = firstMessage(item);
      if (message) return message;
    }
    return null;
  }
  const object = asObject(value);
  if (object) {
    for (const item of Object.values(object)) {
      const message = firstMessage(item);
      if (message) return message;
    }
  }
  return null;
};

export type ParsedError = {
  /** `detail`, when the body has one. */
  detail: string | null;
  /** The first `non_field_errors` entry. */
  nonField: string | null;
  /** The first message of every other key. */
  fields: [field: string, message: string][];
};

/** Splits a failed call's body into the parts spec §8 treats differently; null = no usable body. */
export const parseError = (error: unknown): ParsedError | null => {
  if (!(error instanceof ApiError)) return null;
  const body = asObject(error.body);
  if (!body) return null;
  const parsed: ParsedError = {
    detail: firstMessage(body.detail),
    nonField: firstMessage(body.non_field_errors),
    fields: [],
  };
  for (const [field, value] of Object.entries(body)) {
    if (field === 'detail' || field === 'non_field_errors') continue;
    const message = firstMessage(value);
    if (message) parsed.fields.push([field, message]);
  }
  if (!parsed.detail && !parsed.nonField && parsed.fields.length === 0) return null;
  return parsed;
};

/**
 * The messages the generic handling of spec §8 shows for a failed call: 'An unexpected error
 * occurred' without a (JSON) body, else the detail, the first non-field error, and
 * '{field}: {message}' for every other key.
 */
export const errorMessages = (error: unknown): string[] => {
  const parsed = parseError(error);
  if (!parsed) return [UNEXPECTED_ERROR];
  const messages: string[] = [];
  if (parsed.detail) messages.push(parsed.detail);
  if (parsed.nonField) messages.push(parsed.nonField);
  for (const [field, message] of parsed.fields) messages.push(`${field}: ${message}`);
  return messages;
};

/** One error toast per message of a failed call. */
export const toastError = (error: unknown) => {
  for (const message of errorMessages(error)) toast.error(message);
};

/**
 * Shows a failed form submission where it belongs. A validation answer (400) goes into the form:
 * each matching field gets its first message, everything else (detail, non_field_errors, fields
 * the form does not have) becomes the form's `root` error. Any other failure (permission,
 * throttling, server down) is not about the input and is toasted.
 */
export const applyFormErrors = <T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) => {
  const parsed = error instanceof ApiError && error.status === 400 ? parseError(error) : null;
  if (!parsed) {
    toastError(error);
    return;
  }
  const rest: string[] = [];
  if (parsed.detail) rest.push(parsed.detail);
  if (parsed.nonField) rest.push(parsed.nonField);
  let focused = false;
  for (const [field, message] of parsed.fields) {
    const path = fields.find((name) => name === field);
    if (path) {
      setError(path, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    } else {
      rest.push(`${field}: ${message}`);
    }
  }
  if (rest.length > 0) setError('root', { type: 'server', message: rest.join('\n') });
};
