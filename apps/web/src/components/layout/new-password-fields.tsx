import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_HINT } from '@portal/contract/passwords';
import { Field } from '../ui/field';
import { Input } from '../ui/input';

/** One registered input and its current error; the field's name doubles as the input's id. */
export type FieldBinding = UseFormRegisterReturn & { error?: string };

export type NewPasswordFieldsProps = {
  password: FieldBinding;
  confirmation: FieldBinding;
  labels?: readonly [password: string, confirmation: string];
  autoFocus?: boolean;
};

const PasswordInput = ({
  label,
  hint,
  autoFocus,
  binding: { error, ...registration },
}: {
  label: string;
  hint?: string;
  autoFocus?: boolean;
  binding: FieldBinding;
}) => (
  <Field label={label} htmlFor={registration.name} hint={hint} error={error}>
    <Input
      id={registration.name}
      type="password"
      autoComplete="new-password"
      autoFocus={autoFocus}
      invalid={Boolean(error)}
      {...registration}
    />
  </Field>
);

/**
 * A new password with the rules' hint (spec §5) and its confirmation, as sign-up, the reset link
 * and the profile's password tab all ask for it.
 */
export const NewPasswordFields = ({
  password,
  confirmation,
  labels = ['New password', 'Confirm new password'],
  autoFocus,
}: NewPasswordFieldsProps) => (
  <>
    <PasswordInput
      label={labels[0]}
      hint={PASSWORD_HINT}
      autoFocus={autoFocus}
      binding={password}
    />
    <PasswordInput label={labels[1]} binding={confirmation} />
  </>
);
