import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';

/** A code from the authenticator app (or, where the label says so, a recovery code). */
export const CodeField = ({
  id,
  label = 'Code from your app',
  value,
  onChange,
  error,
}: {
  id: string;
  label?: string;
  value: string;
  onChange(value: string): void;
  error: string | null;
}) => (
  <Field label={label} htmlFor={id} error={error ?? undefined}>
    <Input
      id={id}
      autoComplete="one-time-code"
      inputMode="numeric"
      invalid={Boolean(error)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  </Field>
);
