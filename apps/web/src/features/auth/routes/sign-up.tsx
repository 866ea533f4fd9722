import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { signUpRequestSchema, type SignUpRequest } from '@portal/contract/auth';
import { PASSWORD_HINT } from '@portal/contract/passwords';
import { FormError } from '../../../components/layout/form-error';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { applyFormErrors } from '../../../lib/errors';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSignUp } from '../api/sign-up';
import { AuthCard } from '../components/auth-card';
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
  } = useForm<SignUpRequest>({
    resolver: zodResolver(signUpRequestSchema),
    mode: 'onChange',
    delayError: 600, // no error flashes mid-word while typing
    defaultValues: { email: '', password1: '', password2: '' },
  });

  if (registered) {
    return (
      <AuthCard title="Almost there!" footer={loginLink}>
        <div className="flex flex-col items-center gap-4 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <MailCheck aria-hidden className="size-6" />
          </span>
          <p className="text-sm text-slate-700">Please check your email to verify your account.</p>
          <p className="text-xs text-slate-500">
            We sent a link to <strong className="font-medium text-slate-700">{registered}</strong>.
          </p>
        </div>
      </AuthCard>
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
        <Field label="Email" htmlFor="email" error={errors.email?.message}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            autoFocus
            invalid={Boolean(errors.email)}
            {...register('email')}
          />
        </Field>
        <Field
          label="Password"
          htmlFor="password1"
          hint={PASSWORD_HINT}
          error={errors.password1?.message}
        >
          <Input
            id="password1"
            type="password"
            autoComplete="new-password"
            invalid={Boolean(errors.password1)}
            {...register('password1')}
          />
        </Field>
        <Field label="Confirm password" htmlFor="password2" error={errors.password2?.message}>
          <Input
            id="password2"
            type="password"
            autoComplete="new-password"
            invalid={Boolean(errors.password2)}
            {...register('password2')}
          />
        </Field>
        <FormError message={errors.root?.message} />
        <Button type="submit" className="w-full" disabled={!isValid} loading={signUp.isPending}>
          Sign Up
        </Button>
      </form>
      <GoogleButton label="Sign up with Google" />
    </AuthCard>
  );
};
