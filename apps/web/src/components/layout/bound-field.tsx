import type { ComponentProps } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../ui/field';
import { PlainInput, type InputProps } from '../ui/plain-input';

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
 * A `PlainInput`: the visitor screens' forms must not load tailwind-merge, so a `className`
 * adds to the input's classes and cannot restyle them.
 */
export const BoundField = ({
  label,
  hint,
  binding: { error, ...registration },
  ...input
}: BoundFieldProps) => (
  <Field label={label} htmlFor={registration.name} hint={hint} error={error}>
    <PlainInput id={registration.name} invalid={Boolean(error)} {...input} {...registration} />
  </Field>
);
