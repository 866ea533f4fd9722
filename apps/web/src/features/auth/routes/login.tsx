import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormError } from '../../../components/layout/form-error';
import { PageSpinner } from '../../../components/layout/page-spinner';
import { PlainButton } from '../../../components/ui/plain-button';
import { BoundField } from '../../../components/layout/bound-field';
import { toast } from '../../../components/ui/toast';
import { useStartSession } from '../../../lib/auth';
import { useConfig } from '../../../lib/config';
import { passkeysAvailable } from '../../../lib/passkeys';
import { usePortalName } from '../../../lib/studio';
import { applyFormErrors, parseError, toastError } from '../../../lib/errors';
import { usePageTitle } from '../../../lib/use-page-title';
import { useGoogleLogin } from '../api/google-login';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';
import { EmailField } from '../components/email-field';
import { GoogleButton, OrSeparator } from '../components/google-button';
import { PasskeyButton } from '../components/passkey-button';
import { GOOGLE_STATE_KEY, readGoogleRedirect } from '../lib/google';
import { useLoginForm } from '../lib/use-login-form';
import { SecondFactorCard } from '../components/second-factor-form';
import { useSecondStep } from '../lib/use-second-step';

// Rarely needed, and it brings the dialog code with it.
const EmailVerificationDialog = lazy(async () => ({
  default: (await import('../components/email-verification-dialog')).EmailVerificationDialog,
}));

const needsVerification = (error: unknown) =>
  parseError(error)?.detail?.toLowerCase().includes('verification') ?? false;

/** Finishes a Google sign-in when the provider has sent the browser back here with a token. */
const useGoogleRedirect = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const googleLogin = useGoogleLogin();
  const handled = useRef(false);
  // Google said who she is; an account with two-factor on still asks for its code.
  const secondStep = useSecondStep(googleLogin, startSession);
  const { askedForCode } = secondStep;
  const { hash, pathname, search } = location;

  useEffect(() => {
    // React's development double effects must not spend the one-time token twice.
    if (handled.current) return;
    handled.current = true;
    const redirect = readGoogleRedirect(hash);
    if (!redirect) return;
    void navigate({ pathname, search }, { replace: true }); // the token must not linger in the URL
    const expected = sessionStorage.getItem(GOOGLE_STATE_KEY);
    sessionStorage.removeItem(GOOGLE_STATE_KEY);
    if (redirect.kind === 'error') {
      toast.error(`Google sign-in failed: ${redirect.error}`);
    } else if (!expected || redirect.state !== expected) {
      toast.error('Google sign-in could not be completed. Please try again.');
    } else {
      const { accessToken } = redirect;
      googleLogin.mutate(
        { accessToken },
        {
          onSuccess: startSession,
          onError: (error) => {
            if (!askedForCode(error, { accessToken })) toastError(error);
          },
        },
      );
    }
  }, [hash, pathname, search, navigate, googleLogin, startSession, askedForCode]);

  return { pending: googleLogin.isPending, secondStep };
};

export const LoginRoute = () => {
  usePageTitle('Login');
  const portalName = usePortalName();
  const login = useLogin();
  const startSession = useStartSession();
  const google = useGoogleRedirect();
  const { data: config } = useConfig();
  const withPasskeys = passkeysAvailable();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  // The account asked for its second factor: the step remembers what the first one sent.
  const secondStep = useSecondStep(login, startSession);
  const {
    register,
    handleSubmit,
    resetField,
    setError,
    formState: { errors, isValid },
  } = useLoginForm();

  if (google.pending && !google.secondStep.step) return <PageSpinner label="Signing you in" />;

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: startSession,
      onError: (error) => {
        if (secondStep.askedForCode(error, values)) return;
        resetField('password');
        if (needsVerification(error)) setUnverifiedEmail(values.username);
        else applyFormErrors(error, setError, ['username', 'password']);
      },
    }),
  );

  // Whichever first step asked for the code (never both: Google's redirect opens the page).
  const asked = google.secondStep.step ? google.secondStep : secondStep;
  if (asked.step)
    return (
      <SecondFactorCard
        portalName={portalName}
        error={asked.step.error}
        pending={asked === secondStep ? login.isPending : google.pending}
        onBack={asked.cancel}
        onSubmit={asked.submit}
      />
    );

  return (
    <AuthCard
      title="Login"
      description={`Welcome back. Log in to continue to ${portalName}.`}
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/sign-up" className="font-medium text-brand-600 hover:text-brand-700">
            Sign Up
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <EmailField {...register('username')} error={errors.username?.message} />
        <BoundField
          label="Password"
          type="password"
          autoComplete="current-password"
          binding={{ ...register('password'), error: errors.password?.message }}
        />
        <div className="-mt-1 flex justify-end">
          <Link
            to="/password-reset"
            className="text-sm font-medium text-brand-600 hover:text-brand-700"
          >
            Forgot your password?
          </Link>
        </div>
        <FormError message={errors.root?.message} />
        <PlainButton type="submit" className="w-full" disabled={!isValid} loading={login.isPending}>
          Login
        </PlainButton>
      </form>
      {(withPasskeys || config?.google) && <OrSeparator />}
      <div className="flex flex-col gap-3">
        {withPasskeys && <PasskeyButton />}
        <GoogleButton label="Sign in with Google" separated={false} />
      </div>
      {unverifiedEmail !== null && (
        <Suspense>
          <EmailVerificationDialog
            open
            onOpenChange={(open) => {
              if (!open) setUnverifiedEmail(null);
            }}
            email={unverifiedEmail}
          />
        </Suspense>
      )}
    </AuthCard>
  );
};
