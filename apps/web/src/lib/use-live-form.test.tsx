import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useLiveForm } from './use-live-form';

const schema = z.object({ email: z.email('Enter a valid email address.') });

const EmailForm = () => {
  const {
    register,
    formState: { errors, isValid },
  } = useLiveForm(schema, { email: '' });
  return (
    <form>
      <input aria-label="Email" {...register('email')} />
      {errors.email && <p role="alert">{errors.email.message}</p>}
      <button type="submit" disabled={!isValid}>
        Send
      </button>
    </form>
  );
};

describe('useLiveForm', () => {
  it('keeps submit disabled until the values pass the schema, checking as they are typed', async () => {
    const user = userEvent.setup();
    render(<EmailForm />);
    const submit = screen.getByRole('button', { name: 'Send' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.type(screen.getByLabelText('Email'), '@');
    await waitFor(() => expect(submit).toBeDisabled());
  });

  it('shows an error only once typing has paused', async () => {
    const user = userEvent.setup();
    render(<EmailForm />);
    await user.type(screen.getByLabelText('Email'), 'ada');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(
      'Enter a valid email address.',
    );
  });
});
