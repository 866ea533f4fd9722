import type { FieldBinding } from '../../../components/layout/new-password-fields';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';

/** The email address every authentication form starts with, focused on arrival. */
export const EmailField = ({ error, ...registration }: FieldBinding) => (
  <Field label="Email" htmlFor={registration.name} error={error}>
    <Input
      id={registration.name}
      type="email"
      autoComplete="email"
      autoFocus
      invalid={Boolean(error)}
      {...registration}
    />
  </Field>
);
