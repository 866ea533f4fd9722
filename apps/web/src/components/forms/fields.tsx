import { useId, type ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { parseApiDate, toApiDate } from '../../lib/api-date';
import { DatePicker } from '../ui/date-picker';
import { Field } from '../ui/field';
import { Input, type InputProps } from '../ui/input';
import { NativeSelect } from '../ui/native-select';
import { Textarea, type TextareaProps } from '../ui/textarea';

/**
 * The fields of a `<ResourceForm>`: each names its form value and label, and finds the form
 * (register, errors) through react-hook-form's context, which `<ResourceForm>` provides. A
 * drawer then only declares its fields: `<TextField name="name" label="Name" />`.
 */
type FieldBase = { name: string; label: string; hint?: string; className?: string };

/** The id, error and registration of the field `name` of the surrounding form. */
const useFormField = (name: string) => {
  const form = useFormContext();
  const id = `${useId()}-${name}`;
  const message = form.formState.errors[name]?.message;
  const error = typeof message === 'string' ? message : undefined;
  return { form, id, error };
};

/** A one-line text input (the default `autoComplete="off"`; pass `type`, `placeholder`…). */
export const TextField = ({
  name,
  label,
  hint,
  className,
  ...input
}: FieldBase & Omit<InputProps, 'name' | 'id'>) => {
  const { form, id, error } = useFormField(name);
  return (
    <Field label={label} htmlFor={id} hint={hint} error={error} className={className}>
      <Input
        id={id}
        autoComplete="off"
        invalid={Boolean(error)}
        {...input}
        {...form.register(name)}
      />
    </Field>
  );
};

export const TextAreaField = ({
  name,
  label,
  hint,
  className,
  ...textarea
}: FieldBase & Omit<TextareaProps, 'name' | 'id'>) => {
  const { form, id, error } = useFormField(name);
  return (
    <Field label={label} htmlFor={id} hint={hint} error={error} className={className}>
      <Textarea id={id} invalid={Boolean(error)} {...textarea} {...form.register(name)} />
    </Field>
  );
};

/** The browser's select over `children` (the options). */
export const SelectField = ({
  name,
  label,
  hint,
  className,
  disabled,
  children,
}: FieldBase & { disabled?: boolean; children: ReactNode }) => {
  const { form, id, error } = useFormField(name);
  return (
    <Field label={label} htmlFor={id} hint={hint} error={error} className={className}>
      <NativeSelect id={id} invalid={Boolean(error)} disabled={disabled} {...form.register(name)}>
        {children}
      </NativeSelect>
    </Field>
  );
};

/** A date from the calendar, held in the form as the API's `yyyy-MM-dd` (or null). */
export const DateField = ({
  name,
  label,
  hint,
  className,
  placeholder,
}: FieldBase & { placeholder: string }) => {
  const { form, id, error } = useFormField(name);
  return (
    <Field label={label} htmlFor={id} hint={hint} error={error} className={className}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <DatePicker
            id={id}
            aria-label={label}
            placeholder={placeholder}
            value={parseApiDate(typeof field.value === 'string' ? field.value : null)}
            onChange={(date) => field.onChange(toApiDate(date))}
          />
        )}
      />
    </Field>
  );
};
