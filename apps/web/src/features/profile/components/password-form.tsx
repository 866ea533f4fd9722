import { passwordChangeRequestSchema, type PasswordChangeRequest } from '@portal/contract/auth';
import { FormError } from '../../../components/layout/form-error';
import { NewPasswordFields } from '../../../components/layout/new-password-fields';
import { Button } from '../../../components/ui/button';
import { BoundField } from '../../../components/layout/bound-field';
import { toast } from '../../../components/ui/toast';
import { applyFormErrors } from '../../../lib/errors';
import { useLiveForm } from '../../../lib/use-live-form';
import { useChangePassword } from '../api/change-password';

const empty: PasswordChangeRequest = { old_password: '', new_password1: '', new_password2: '' };

export const PasswordForm = () => {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isValid },
  } = useLiveForm(passwordChangeRequestSchema, empty);

  const onSubmit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        reset(empty);
        toast.success('Your password has been changed');
      },
      onError: (error) =>
        applyFormErrors(error, setError, ['old_password', 'new_password1', 'new_password2']),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-5">
      <BoundField
        label="Current password"
        type="password"
        autoComplete="current-password"
        binding={{ ...register('old_password'), error: errors.old_password?.message }}
      />
      <NewPasswordFields
        password={{ ...register('new_password1'), error: errors.new_password1?.message }}
        confirmation={{ ...register('new_password2'), error: errors.new_password2?.message }}
      />
      <FormError message={errors.root?.message} />
      <div>
        <Button type="submit" disabled={!isValid} loading={change.isPending}>
          Change Password
        </Button>
      </div>
    </form>
  );
};
