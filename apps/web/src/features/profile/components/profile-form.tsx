import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { profileUpdateSchema, type ProfileUpdate, type User } from '@portal/contract/users';
import { FormError } from '../../../components/layout/form-error';
import { Button } from '../../../components/ui/button';
import { BoundField } from '../../../components/layout/bound-field';
import { Field } from '../../../components/ui/field';
import { ImageUpload } from '../../../components/ui/file-upload';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { applyFormErrors, toastError } from '../../../lib/errors';
import { useUpdateProfile } from '../api/update-profile';

const fieldsOf = (user: User): Required<ProfileUpdate> => ({
  first_name: user.first_name,
  last_name: user.last_name,
  phone: user.phone,
});

export const ProfileForm = ({ user }: { user: User }) => {
  const update = useUpdateProfile(user.id);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: fieldsOf(user),
  });

  const onSubmit = handleSubmit((values) =>
    update.mutate(
      { kind: 'fields', values },
      {
        onSuccess: (saved) => {
          reset(fieldsOf(saved));
          toast.success('Your profile has been updated');
        },
        onError: (error) => applyFormErrors(error, setError, ['first_name', 'last_name', 'phone']),
      },
    ),
  );

  // The picture is saved as soon as it is chosen or removed, like most profile pages.
  const onImage = (image: File | null) =>
    update.mutate(
      { kind: 'image', image },
      {
        onSuccess: () =>
          toast.success(
            image ? 'Your profile has been updated' : 'Your profile image has been removed',
          ),
        onError: toastError,
      },
    );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <ImageUpload label="Profile image" value={user.image} onChange={onImage} />
      <Field label="Email" htmlFor="email" hint="Your email address cannot be changed here.">
        <Input id="email" type="email" value={user.email} readOnly disabled />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <BoundField
          label="First name"
          autoComplete="given-name"
          binding={{ ...register('first_name'), error: errors.first_name?.message }}
        />
        <BoundField
          label="Last name"
          autoComplete="family-name"
          binding={{ ...register('last_name'), error: errors.last_name?.message }}
        />
      </div>
      <BoundField
        label="Phone"
        type="tel"
        autoComplete="tel"
        binding={{ ...register('phone'), error: errors.phone?.message }}
      />
      <FormError message={errors.root?.message} />
      <div className="flex justify-end">
        <Button
          type="submit"
          disabled={!isDirty}
          loading={update.isPending && update.variables.kind === 'fields'}
        >
          Save
        </Button>
      </div>
    </form>
  );
};
