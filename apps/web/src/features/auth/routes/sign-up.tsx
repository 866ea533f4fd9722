import { useState } from 'react';
import { Link } from 'react-router';
import { signUpRequestSchema } from '@portal/contract/auth';
import { FormError } from '../../../components/layout/form-error';
import { NewPasswordFields } from '../../../components/layout/new-password-fields';
import { PlainButton } from '../../../components/ui/plain-button';
import { applyFormErrors } from '../../../lib/errors';
import { useLiveForm } from '../../../lib/use-live-form';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSignUp } from '../api/sign-up';
import { AuthCard } from '../components/auth-card';
import { CheckEmailCard } from '../components/check-email-card';
import { EmailField } from '../components/email-field';
import { GoogleButton } from '../components/google-button';

const loginLink = (
  <>
    Already have an account?{' '}
    <Link to="/login" className="font-medium text-brand-600 hover:text-brand-700">
      Login
    </Link>
  </>
);

export const SignUpRoute = () => {
  usePageTitle('Sign Up');
  const signUp = useSignUp();
  const [registered, setRegistered] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    resetField,
    setError,
    formState: { errors, isValid },
  } = useLiveForm(signUpRequestSchema, { email: '', password1: '', password2: '' });

  if (registered) {
    return (
      <CheckEmailCard
        title="Almost there!"
        message="Please check your email to verify your account."
        footer={loginLink}
      >
        <p className="text-xs text-slate-500">
          We sent a link to <strong className="font-medium text-slate-700">{registered}</strong>.
        </p>
      </CheckEmailCard>
    );
  }

  const onSubmit = handleSubmit((values) =>
    signUp.mutate(values, {
      onSuccess: (user) => setRegistered(user.email),
      onError: (error) => {
        resetField('password1');
        resetField('password2');
        applyFormErrors(error, setError, ['email', 'password1', 'password2']);
      },
    }),
  );

  return (
    <AuthCard title="Sign Up" description="Create an account to get started." footer={loginLink}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <EmailField {...register('email')} error={errors.email?.message} />
        <NewPasswordFields
          labels={['Password', 'Confirm password']}
          password={{ ...register('password1'), error: errors.password1?.message }}
          confirmation={{ ...register('password2'), error: errors.password2?.message }}
        />
        <FormError message={errors.root?.message} />
        <PlainButton
          type="submit"
          className="w-full"
          disabled={!isValid}
          loading={signUp.isPending}
        >
          Sign Up
        </PlainButton>
      </form>
      <GoogleButton label="Sign up with Google" />
    </AuthCard>
  );
};
