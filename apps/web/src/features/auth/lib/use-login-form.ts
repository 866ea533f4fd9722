import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import type { LoginRequest } from '@portal/contract/auth';
import { ERROR_DELAY_MS } from '../../../lib/error-delay';

/** The first step's fields; the second factor (`otp`) has a step of its own. */
type LoginField = 'username' | 'password';
type Credentials = Pick<LoginRequest, LoginField>;
type LoginErrors = Partial<Record<LoginField | 'root', { message: string }>>;

// The contract's `loginRequestSchema`, written out in DRF's wording: /login is every visitor's
// first page, and zod with react-hook-form would be a third of its JavaScript (DESIGN §6,
// decision 0025). `use-login-form.test.tsx` holds the two to the same messages.
const REQUIRED = 'This field is required.';
const MAX_LENGTH: Record<LoginField, number> = { username: 254, password: 1024 };
const FIELDS: readonly LoginField[] = ['username', 'password'];

/** The first problem of each field, as the contract's login schema words it. */
export const checkLogin = (values: Credentials): Partial<Record<LoginField, string>> => {
  const problems: Partial<Record<LoginField, string>> = {};
  for (const field of FIELDS) {
    const value = values[field];
    if (value.length === 0) problems[field] = REQUIRED;
    else if (value.length > MAX_LENGTH[field])
      problems[field] = `Ensure this field has no more than ${MAX_LENGTH[field]} characters.`;
  }
  return problems;
};

/**
 * The login form's state, with the same behaviour as `useLiveForm` (spec §5): checked as it is
 * typed so `isValid` is always current, a field's error shown once typing pauses and gone as soon
 * as it is fixed, server errors set per field (focusing the first) or on the form's root, which
 * the next submission clears. Its `register` and `setError` fit the shared form helpers.
 */
export const useLoginForm = () => {
  const values = useRef<Credentials>({ username: '', password: '' });
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement>>>({});
  const timers = useRef<Partial<Record<LoginField, number>>>({});
  const [errors, setErrors] = useState<LoginErrors>({});
  const [isValid, setIsValid] = useState(false);

  useEffect(() => {
    const pending = timers.current;
    return () => Object.values(pending).forEach((timer) => window.clearTimeout(timer));
  }, []);

  const showError = useCallback((field: LoginField | 'root', message: string | undefined) => {
    setErrors(({ [field]: _old, ...rest }) => (message ? { ...rest, [field]: { message } } : rest));
  }, []);

  const check = useCallback(
    (field: LoginField) => {
      const problems = checkLogin(values.current);
      setIsValid(Object.keys(problems).length === 0);
      window.clearTimeout(timers.current[field]);
      const message = problems[field];
      if (!message) showError(field, undefined);
      else
        timers.current[field] = window.setTimeout(() => showError(field, message), ERROR_DELAY_MS);
    },
    [showError],
  );

  const register = (field: LoginField): UseFormRegisterReturn<LoginField> => ({
    name: field,
    ref: (input: HTMLInputElement | null) => {
      if (input) inputs.current[field] = input;
      else delete inputs.current[field];
    },
    onChange: async ({ target }: { target: HTMLInputElement }) => {
      values.current = { ...values.current, [field]: target.value };
      check(field);
    },
    onBlur: async () => undefined,
  });

  const setError: UseFormSetError<Credentials> = (field, error, options) => {
    const name = field === 'username' || field === 'password' ? field : 'root';
    showError(name, error.message ?? '');
    if (name !== 'root' && options?.shouldFocus) inputs.current[name]?.focus();
  };

  const resetField = (field: LoginField) => {
    const input = inputs.current[field];
    if (input) input.value = '';
    values.current = { ...values.current, [field]: '' };
    window.clearTimeout(timers.current[field]);
    showError(field, undefined);
    setIsValid(Object.keys(checkLogin(values.current)).length === 0);
  };

  const handleSubmit = (onValid: (values: Credentials) => void) => (event: FormEvent) => {
    event.preventDefault();
    const problems = checkLogin(values.current);
    const shown: LoginErrors = {};
    for (const field of FIELDS) {
      window.clearTimeout(timers.current[field]);
      const message = problems[field];
      if (message) shown[field] = { message };
    }
    setErrors(shown);
    const invalid = FIELDS.find((field) => problems[field]);
    if (invalid) inputs.current[invalid]?.focus();
    else onValid(values.current);
  };

  return { register, handleSubmit, resetField, setError, formState: { errors, isValid } };
};
