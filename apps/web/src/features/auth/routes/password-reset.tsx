import { Link } from 'react-router';
import { emailRequestSchema } from '@portal/contract/auth';
import { FormError } from '../../../components/layout/form-error';
import { PlainButton } from '../../../components/ui/plain-button';
import { applyFormErrors } from '../../../lib/errors';
import { useLiveForm } from '../../../lib/use-live-form';
import { usePageTitle } from '../../../lib/use-page-title';
import { usePasswordReset } from '../api/password-reset';
import { AuthCard } from '../components/auth-card';
import { CheckEmailCard } from '../components/check-email-card';
import { EmailField } from '../components/email-field';

const backToLogin = (
  <Link to="/login" className="font-medium text-brand-600 hover:text-brand-700">
    Back to login
  </Link>
);

export const PasswordResetRoute = () => {
  usePageTitle('Password Reset');
  const reset = usePasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid },
  } = useLiveForm(emailRequestSchema, { email: '' });

  if (reset.isSuccess) {
    return (
      <CheckEmailCard
        title="Reset Password"
        message="Please check your email for a password reset link."
        footer={backToLogin}
      />
    );
  }

  const onSubmit = handleSubmit((values) =>
    reset.mutate(values, { onError: (error) => applyFormErrors(error, setError, ['email']) }),
  );

  return (
    <AuthCard
      title="Reset Password"
      description="Enter the email address of your account and we will send you a link to choose a new password."
      footer={backToLogin}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <EmailField {...register('email')} error={errors.email?.message} />
        <FormError message={errors.root?.message} />
        <PlainButton type="submit" className="w-full" disabled={!isValid} loading={reset.isPending}>
          Send Reset Link
        </PlainButton>
      </form>
    </AuthCard>
  );
};
