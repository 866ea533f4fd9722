import { BoundField, type FieldBinding } from '../../../components/layout/bound-field';

/** The email address every authentication form starts with, focused on arrival. */
export const EmailField = (binding: FieldBinding) => (
  <BoundField label="Email" type="email" autoComplete="email" autoFocus binding={binding} />
);
