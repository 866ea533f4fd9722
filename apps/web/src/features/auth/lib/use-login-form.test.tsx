import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginRequestSchema } from '@portal/contract/auth';
import { ApiError } from '../../../lib/api';
import { ERROR_DELAY_MS } from '../../../lib/error-delay';
import { applyFormErrors } from '../../../lib/errors';
import { checkLogin, useLoginForm } from './use-login-form';

const long = (n: number) => 'x'.repeat(n);

describe('checkLogin', () => {
  it.each([
    ['', ''],
    ['ada@example.com', ''],
    ['', 'secret'],
    ['ada', 'secret'],
    [long(254), long(1024)],
    [long(255), 'secret'],
    ['ada', long(1025)],
    ['  ', ' '],
  ])('words %j / %j as the contract schema does', (username, password) => {
    const result = loginRequestSchema.safeParse({ username, password });
    const expected: Record<string, string> = {};
    if (!result.success)
      for (const issue of result.error.issues) {
        const field = String(issue.path[0]);
        expected[field] ??= issue.message;
      }
    expect(checkLogin({ username, password })).toEqual(expected);
  });
});

const onValid = vi.fn();

const LoginForm = ({ answer }: { answer?: unknown }) => {
  const {
    register,
    handleSubmit,
    resetField,
    setError,
    formState: { errors, isValid },
  } = useLoginForm();
  const submit = handleSubmit((values) => {
    onValid(values);
    if (answer) {
      resetField('password');
      applyFormErrors(new ApiError(400, answer), setError, ['username', 'password']);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <input aria-label="Email" {...register('username')} />
      {errors.username && <p role="alert">{errors.username.message}</p>}
      <input aria-label="Password" {...register('password')} />
      {errors.password && <p role="alert">{errors.password.message}</p>}
      {errors.root && <p role="alert">{errors.root.message}</p>}
      <button type="submit" disabled={!isValid}>
        Login
      </button>
    </form>
  );
};

afterEach(() => {
  onValid.mockReset();
  vi.useRealTimers();
});

describe('useLoginForm', () => {
  it('enables submit only while both fields pass, and submits the typed values', async () => {
    const user = userEvent.setup();
    render(<LoginForm />);
    const submit = screen.getByRole('button', { name: 'Login' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'secret');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(onValid).toHaveBeenCalledWith({ username: 'ada@example.com', password: 'secret' });
  });

  it('shows a field error once typing pauses and drops it as soon as it is fixed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    render(<LoginForm />);
    const email = screen.getByLabelText('Email');
    await user.type(email, 'a');
    await user.clear(email);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => vi.advanceTimersByTime(ERROR_DELAY_MS));
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required.');
    await user.type(email, 'b');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts a 400 answer on the form, clears the password and focuses the field named', async () => {
    const user = userEvent.setup();
    render(
      <LoginForm answer={{ non_field_errors: ['Unable to log in.'], username: ['Unknown.'] }} />,
    );
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Unable to log in.')).toBeInTheDocument();
    expect(screen.getByText('Unknown.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
  });
});
