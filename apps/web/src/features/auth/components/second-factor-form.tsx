import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PlainButton } from '../../../components/ui/plain-button';
import { Field } from '../../../components/ui/field';
import { PlainInput } from '../../../components/ui/plain-input';
import { AuthCard } from './auth-card';

/** The second step's field's error: what the server said about `otp`, if anything. */
export const otpMessage = (fields: readonly [string, string][] | undefined) =>
  fields?.find(([field]) => field === 'otp')?.[1] ?? null;

export type SecondFactorFormProps = {
  /** Why it is asked again: a wrong or expired code (nothing on the first ask). */
  error: string | null;
  pending: boolean;
  onSubmit(code: string): void;
  onBack(): void;
};

/**
 * The second step of a sign-in for an account with two-factor on (issue 27): the code from the
 * authenticator app, or a recovery code. The password stays in the first step's memory, so a
 * mistyped code is typed again without typing the password again.
 */
export const SecondFactorForm = ({ error, pending, onSubmit, onBack }: SecondFactorFormProps) => {
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // Where the work is: the field, when the step opens and after a wrong code.
  useEffect(() => {
    input.current?.focus();
    if (error) input.current?.select();
  }, [error]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) onSubmit(code.trim());
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field
        label="Authentication code"
        htmlFor="otp"
        hint="The 6-digit code from your authenticator app, or one of your recovery codes."
        error={error ?? undefined}
      >
        <PlainInput
          ref={input}
          id="otp"
          name="otp"
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          invalid={Boolean(error)}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </Field>
      <PlainButton type="submit" className="w-full" disabled={!code.trim()} loading={pending}>
        Verify
      </PlainButton>
      <PlainButton type="button" variant="ghost" className="w-full" onClick={onBack}>
        Use another account
      </PlainButton>
    </form>
  );
};

/** The second step as a page of its own, in the sign-in's card. */
export const SecondFactorCard = ({
  portalName,
  ...form
}: SecondFactorFormProps & { portalName: string }) => (
  <AuthCard
    title="Two-factor authentication"
    description={`Enter the code from your authenticator app to log in to ${portalName}.`}
  >
    <SecondFactorForm {...form} />
  </AuthCard>
);
