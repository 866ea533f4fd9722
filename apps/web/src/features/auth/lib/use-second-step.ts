import { useCallback, useState } from 'react';
import { parseError, toastError } from '../../../lib/errors';
import { otpMessage } from '../components/second-factor-form';

/** What a sign-in call needs of its mutation: TanStack Query's `mutate` fits. */
type SignInMutation<V, R> = {
  mutate(variables: V, options: { onSuccess(data: R): void; onError(error: unknown): void }): void;
};

/**
 * The second step of a sign-in (password or Google) for an account with two-factor on: it keeps
 * what the first step sent — in memory, never in the URL or storage — and sends it again with
 * the code. `askedForCode` reads the first step's failure and opens the step when the server
 * asked for `otp`; a wrong code comes back as the step's error, anything else as a toast.
 */
export const useSecondStep = <V extends object, R>(
  mutation: SignInMutation<V & { otp?: string }, R>,
  onSignedIn: (data: R) => void,
) => {
  const [step, setStep] = useState<{ values: V; error: string | null } | null>(null);
  // Stable, so an effect that starts the first step can depend on it.
  const askedForCode = useCallback((error: unknown, values: V) => {
    if (otpMessage(parseError(error)?.fields) === null) return false;
    setStep({ values, error: null });
    return true;
  }, []);
  return {
    step,
    askedForCode,
    submit: (otp: string) => {
      if (!step) return;
      mutation.mutate(
        { ...step.values, otp },
        {
          onSuccess: onSignedIn,
          onError: (error) => {
            const message = otpMessage(parseError(error)?.fields);
            // Only while the step is still open: "Use another account" meanwhile closed it.
            if (message) setStep((open) => (open ? { ...open, error: message } : open));
            else toastError(error);
          },
        },
      );
    },
    cancel: () => setStep(null),
  };
};
