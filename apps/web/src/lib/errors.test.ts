import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import {
  UNEXPECTED_ERROR,
  applyFormErrors,
  errorMessages,
  firstMessage,
  toastError,
} from './errors';

const toastErrorMock = vi.hoisted(() => vi.fn());
vi.mock('./toast', () => ({ toast: { error: toastErrorMock } }));

beforeEach(() => toastErrorMock.mockClear());

describe('firstMessage', () => {
  it('takes the first message of a list, a string as is, and digs into nested objects', () => {
    expect(firstMessage(['one', 'two'])).toBe('one');
    expect(firstMessage('only')).toBe('only');
    expect(firstMessage({ image: ['Too big.'] })).toBe('Too big.');
    expect(firstMessage([])).toBeNull();
    expect(firstMessage(42)).toBeNull();
  });
});

describe('errorMessages (spec §8 generic handling)', () => {
  it('falls back to the generic message without a usable body', () => {
    expect(errorMessages(new ApiError(500, null))).toEqual([UNEXPECTED_ERROR]);
    expect(errorMessages(new ApiError(502, '<html>Bad Gateway</html>'))).toEqual([
      UNEXPECTED_ERROR,
    ]);
    expect(errorMessages(new ApiError(400, {}))).toEqual([UNEXPECTED_ERROR]);
    expect(errorMessages(new ApiError(0, null))).toEqual([UNEXPECTED_ERROR]);
    expect(errorMessages(new TypeError('boom'))).toEqual([UNEXPECTED_ERROR]);
  });

  it('shows detail', () => {
    expect(errorMessages(new ApiError(403, { detail: 'No.' }))).toEqual(['No.']);
  });

  it('shows the first non-field error', () => {
    expect(errorMessages(new ApiError(400, { non_field_errors: ['First.', 'Second.'] }))).toEqual([
      'First.',
    ]);
  });

  it('shows other keys as "{field}: {message}"', () => {
    expect(
      errorMessages(new ApiError(400, { email: ['Taken.', 'Other.'], phone: ['Too long.'] })),
    ).toEqual(['email: Taken.', 'phone: Too long.']);
  });
});

describe('toastError', () => {
  it('toasts each message', () => {
    toastError(new ApiError(400, { email: ['Taken.'], phone: ['Bad.'] }));
    expect(toastErrorMock.mock.calls).toEqual([['email: Taken.'], ['phone: Bad.']]);
  });
});

describe('applyFormErrors', () => {
  type Form = { email: string; password: string };
  const fields = ['email', 'password'] as const;

  it('puts field errors on their fields and everything else on root', () => {
    const setError = vi.fn();
    applyFormErrors<Form>(
      new ApiError(400, {
        email: ['Enter a valid email address.', 'Second.'],
        non_field_errors: ['Unable to log in with provided credentials.'],
        image: ['Not an image.'],
      }),
      setError,
      fields,
    );
    expect(setError).toHaveBeenCalledWith(
      'email',
      { type: 'server', message: 'Enter a valid email address.' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenCalledWith('root', {
      type: 'server',
      message: 'Unable to log in with provided credentials.\nimage: Not an image.',
    });
    expect(toastErrorMock).not.toHaveBeenCalled();
  });

  it('puts a validation detail on root', () => {
    const setError = vi.fn();
    applyFormErrors<Form>(new ApiError(400, { detail: 'Needs verification.' }), setError, fields);
    expect(setError).toHaveBeenCalledWith('root', {
      type: 'server',
      message: 'Needs verification.',
    });
  });

  it('toasts failures that are not about the input', () => {
    const setError = vi.fn();
    applyFormErrors<Form>(new ApiError(403, { detail: 'Not allowed.' }), setError, fields);
    applyFormErrors<Form>(new ApiError(500, null), setError, fields);
    expect(setError).not.toHaveBeenCalled();
    expect(toastErrorMock.mock.calls).toEqual([['Not allowed.'], [UNEXPECTED_ERROR]]);
  });
});
