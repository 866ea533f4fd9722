import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { passwordChangeRequestSchema, type PasswordChangeRequest } from '@portal/contract/auth';
import { PASSWORD_HINT } from '@portal/contract/passwords';
import { FormError } from '../../../components/layout/form-error';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { applyFormErrors } from '../../../lib/errors';
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
  } = useForm<PasswordChangeRequest>({
    resolver: zodResolver(passwordChangeRequestSchema),
    mode: 'onChange',
    delayError: 600, // no error flashes mid-word while typing
    defaultValues: empty,
  });

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
      <Field label="Current password" htmlFor="old_password" error={errors.old_password?.message}>
        <Input
          id="old_password"
          type="password"
          autoComplete="current-password"
          invalid={Boolean(errors.old_password)}
          {...register('old_password')}
        />
      </Field>
      <Field
        label="New password"
        htmlFor="new_password1"
        hint={PASSWORD_HINT}
        error={errors.new_password1?.message}
      >
        <Input
          id="new_password1"
          type="password"
          autoComplete="new-password"
          invalid={Boolean(errors.new_password1)}
          {...register('new_password1')}
        />
      </Field>
      <Field
        label="Confirm new password"
        htmlFor="new_password2"
        error={errors.new_password2?.message}
      >
        <Input
          id="new_password2"
          type="password"
          autoComplete="new-password"
          invalid={Boolean(errors.new_password2)}
          {...register('new_password2')}
        />
      </Field>
      <FormError message={errors.root?.message} />
      <div>
        <Button type="submit" disabled={!isValid} loading={change.isPending}>
          Change Password
        </Button>
      </div>
    </form>
  );
};
