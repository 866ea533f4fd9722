import { PASSWORD_HINT } from '@portal/contract/passwords';
import { BoundField, type FieldBinding } from './bound-field';

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
  binding,
}: {
  label: string;
  hint?: string;
  autoFocus?: boolean;
  binding: FieldBinding;
}) => (
  <BoundField
    label={label}
    hint={hint}
    type="password"
    autoComplete="new-password"
    autoFocus={autoFocus}
    binding={binding}
  />
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
