import type { ComponentProps } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../ui/field';
import { Input, type InputProps } from '../ui/input';

/** One registered input and its current error; the field's name doubles as the input's id. */
export type FieldBinding = UseFormRegisterReturn & { error?: string | undefined };

export type BoundFieldProps = Omit<InputProps, 'invalid' | 'id' | keyof UseFormRegisterReturn> & {
  label: string;
  hint?: ComponentProps<typeof Field>['hint'];
  binding: FieldBinding;
};

/**
 * A labelled input bound with react-hook-form's `register`, its hint and its error: the field of
 * the forms that are not a `<ResourceForm>` (login, sign-up, profile), as `TextField` is one's.
 */
export const BoundField = ({
  label,
  hint,
  binding: { error, ...registration },
  ...input
}: BoundFieldProps) => (
  <Field label={label} htmlFor={registration.name} hint={hint} error={error}>
    <Input id={registration.name} invalid={Boolean(error)} {...input} {...registration} />
  </Field>
);
