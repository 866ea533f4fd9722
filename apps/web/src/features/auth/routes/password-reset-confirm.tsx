import { Link, useNavigate, useParams } from 'react-router';
import { passwordResetConfirmRequestSchema } from '@portal/contract/auth';
import { FormError } from '../../../components/layout/form-error';
import { NewPasswordFields } from '../../../components/layout/new-password-fields';
import { PlainButton } from '../../../components/ui/plain-button';
import { toast } from '../../../components/ui/toast';
import { applyFormErrors, parseError } from '../../../lib/errors';
import { useLiveForm } from '../../../lib/use-live-form';
import { usePageTitle } from '../../../lib/use-page-title';
import { usePasswordResetConfirm } from '../api/password-reset-confirm';
import { AuthCard } from '../components/auth-card';

/** The link supplies uid and token; the person types the rest. */
const formSchema = passwordResetConfirmRequestSchema.pick({
  new_password1: true,
  new_password2: true,
});

const INVALID_LINK = 'This password reset link is invalid or has expired.';

export const PasswordResetConfirmRoute = () => {
  usePageTitle('Set New Password');
  const { uid = '', token = '' } = useParams();
  const navigate = useNavigate();
  const confirm = usePasswordResetConfirm();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid },
  } = useLiveForm(formSchema, { new_password1: '', new_password2: '' });

  const onSubmit = handleSubmit((values) =>
    confirm.mutate(
      { uid, token, ...values },
      {
        onSuccess: (answer) => {
          toast.success(answer.detail ?? 'Your password has been reset. You can now log in.');
          void navigate('/login', { replace: true });
        },
        onError: (error) => {
          // A bad uid or token is about the link, not the passwords typed.
          const badLink = parseError(error)?.fields.some(([f]) => f === 'uid' || f === 'token');
          if (badLink) setError('root', { type: 'server', message: INVALID_LINK });
          else applyFormErrors(error, setError, ['new_password1', 'new_password2']);
        },
      },
    ),
  );

  const linkInvalid = errors.root?.message === INVALID_LINK;

  return (
    <AuthCard
      title="Set a New Password"
      description="Choose a new password for your account."
      footer={
        <Link to="/login" className="font-medium text-brand-600 hover:text-brand-700">
          Back to login
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <NewPasswordFields
          autoFocus
          password={{ ...register('new_password1'), error: errors.new_password1?.message }}
          confirmation={{ ...register('new_password2'), error: errors.new_password2?.message }}
        />
        <FormError message={errors.root?.message} />
        {linkInvalid && (
          <Link
            to="/password-reset"
            className="text-sm font-medium text-brand-600 hover:text-brand-700"
          >
            Request a new link
          </Link>
        )}
        <PlainButton
          type="submit"
          className="w-full"
          disabled={!isValid}
          loading={confirm.isPending}
        >
          Reset Password
        </PlainButton>
      </form>
    </AuthCard>
  );
};
