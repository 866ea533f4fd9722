import { useForm } from 'react-hook-form';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_HINT } from '@portal/contract/passwords';
import { NewPasswordFields } from './new-password-fields';

type Values = { password1: string; password2: string };

const Harness = ({
  onSubmit,
  errors = {},
  ...props
}: {
  onSubmit(values: Values): void;
  errors?: Partial<Record<keyof Values, string>>;
  labels?: readonly [string, string];
  autoFocus?: boolean;
}) => {
  const { register, handleSubmit } = useForm<Values>({
    defaultValues: { password1: '', password2: '' },
  });
  return (
    <form onSubmit={handleSubmit(onSubmit)}>
      <NewPasswordFields
        {...props}
        password={{ ...register('password1'), error: errors.password1 }}
        confirmation={{ ...register('password2'), error: errors.password2 }}
      />
      <button type="submit">Save</button>
    </form>
  );
};

describe('NewPasswordFields', () => {
  it('registers both inputs with the form under their field names', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<Harness onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('New password'), 'secret-one-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'secret-one-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(
      { password1: 'secret-one-1', password2: 'secret-one-2' },
      expect.anything(),
    );
  });

  it('asks for new passwords, with the rules hint on the first one only', () => {
    render(<Harness onSubmit={vi.fn()} />);
    const first = screen.getByLabelText('New password');
    const second = screen.getByLabelText('Confirm new password');
    for (const input of [first, second]) {
      expect(input).toHaveAttribute('type', 'password');
      expect(input).toHaveAttribute('autocomplete', 'new-password');
    }
    expect(first).toHaveAccessibleDescription(PASSWORD_HINT);
    expect(second).not.toHaveAccessibleDescription();
  });

  it('takes other labels and focuses the first input when asked', () => {
    render(<Harness onSubmit={vi.fn()} labels={['Password', 'Confirm password']} autoFocus />);
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByLabelText('Confirm password')).toBeInTheDocument();
  });

  it('shows each error at its own input and marks it invalid', () => {
    render(<Harness onSubmit={vi.fn()} errors={{ password2: 'The two passwords differ.' }} />);
    expect(screen.getByLabelText('New password')).not.toHaveAttribute('aria-invalid');
    const second = screen.getByLabelText('Confirm new password');
    expect(second).toHaveAttribute('aria-invalid', 'true');
    expect(second).toHaveAccessibleDescription('The two passwords differ.');
    expect(screen.getByRole('alert')).toHaveTextContent('The two passwords differ.');
  });
});
