import { useEffect, useRef } from 'react';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PlainButton } from '../../../components/ui/plain-button';
import { Spinner } from '../../../components/ui/spinner';
import { parseError } from '../../../lib/errors';
import { usePageTitle } from '../../../lib/use-page-title';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard } from '../components/auth-card';

/** Spec §8: the server's detail, else the first non-field error, else a fixed sentence. */
export const verifyErrorMessage = (error: unknown): string => {
  const parsed = parseError(error);
  return parsed?.detail ?? parsed?.nonField ?? 'An error occurred. Please try again.';
};

export const VerifyEmailRoute = () => {
  usePageTitle('Verify Email');
  const { uid = '', token = '' } = useParams();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const sent = useRef<string | null>(null);

  useEffect(() => {
    // Once per link: the token works a single time, and React's development double effects
    // would otherwise spend it and then report the second attempt's failure.
    const key = `${uid}/${token}`;
    if (sent.current === key) return;
    sent.current = key;
    mutate({ uid, token });
  }, [uid, token, mutate]);

  const loginButton = (
    <PlainButton asChild className="w-full">
      <Link to="/login">Go to login</Link>
    </PlainButton>
  );

  return (
    <AuthCard title="Verify Email">
      {verify.isSuccess ? (
        <div className="flex flex-col items-center gap-4 text-center">
          <CircleCheck aria-hidden className="size-10 text-emerald-500" />
          <p role="status" className="text-sm text-slate-700">
            Your email address has been verified. You can now log in.
          </p>
          {loginButton}
        </div>
      ) : verify.isError ? (
        <div className="flex flex-col items-center gap-4 text-center">
          <CircleAlert aria-hidden className="size-10 text-red-500" />
          <p role="alert" className="text-sm text-slate-700">
            {verifyErrorMessage(verify.error)}
          </p>
          {loginButton}
        </div>
      ) : (
        <div className="flex justify-center py-4">
          <Spinner label="Verifying your email" />
        </div>
      )}
    </AuthCard>
  );
};
