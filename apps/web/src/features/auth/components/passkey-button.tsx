import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { FormError } from '../../../components/layout/form-error';
import { PlainButton } from '../../../components/ui/plain-button';
import { useStartSession } from '../../../lib/auth';
import { parseError, toastError } from '../../../lib/errors';
import { passkeyProblem } from '../../../lib/passkeys';
import { usePasskeyLogin } from '../api/passkey-login';

/**
 * "Sign in with a passkey" (issue 27): no email, no password, no code — the browser offers this
 * portal's passkeys on the device, and the fingerprint or PIN that unlocks one is the second
 * factor. Shown only where the browser and the address can use passkeys.
 */
export const PasskeyButton = () => {
  const passkeyLogin = usePasskeyLogin();
  const startSession = useStartSession();
  const [problem, setProblem] = useState<string | null>(null);
  const start = () => {
    setProblem(null);
    passkeyLogin.mutate(undefined, {
      onSuccess: startSession,
      onError: (error) => {
        const parsed = parseError(error);
        const message = passkeyProblem(error) ?? parsed?.nonField ?? parsed?.detail ?? null;
        if (message) setProblem(message);
        else toastError(error);
      },
    });
  };
  return (
    <div className="flex flex-col gap-2">
      <PlainButton
        variant="secondary"
        className="w-full"
        loading={passkeyLogin.isPending}
        onClick={start}
      >
        <KeyRound aria-hidden />
        Sign in with a passkey
      </PlainButton>
      <FormError message={problem ?? undefined} />
    </div>
  );
};
