import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { runtimeTimeZone } from '@portal/contract/time';
import { profileUpdateSchema, type ProfileUpdate, type User } from '@portal/contract/users';
import { useUnsavedChanges } from '../../../components/forms/unsaved-changes';
import { FormError } from '../../../components/layout/form-error';
import { Button } from '../../../components/ui/button';
import { BoundField } from '../../../components/layout/bound-field';
import { Field } from '../../../components/ui/field';
import { ImageUpload } from '../../../components/ui/file-upload';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { textLink } from '../../../components/ui/text-link';
import { toast } from '../../../components/ui/toast';
import { applyFormErrors, toastError } from '../../../lib/errors';
import { useUpdateProfile } from '../api/update-profile';
import { timeZoneGroups } from '../lib/time-zones';

const fieldsOf = (user: User): Required<ProfileUpdate> => ({
  first_name: user.first_name,
  last_name: user.last_name,
  phone: user.phone,
  // Null only before the first sign-in has set the browser's, which is what the app shows.
  time_zone: user.time_zone ?? runtimeTimeZone(),
});

export const ProfileForm = ({ user }: { user: User }) => {
  const update = useUpdateProfile(user.id);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    control,
    formState: { errors, isDirty },
  } = useForm<ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: fieldsOf(user),
  });
  // Leaving with typed changes (another tab, a link, closing the page) asks first.
  const unsaved = useUnsavedChanges({
    open: true,
    dirty: isDirty && !(update.isPending && update.variables.kind === 'fields'),
    onOpenChange: () => undefined,
  });
  const zone = useWatch({ control, name: 'time_zone' }) ?? '';
  const zones = useMemo(() => timeZoneGroups(zone), [zone]);
  const deviceZone = runtimeTimeZone();

  const onSubmit = handleSubmit((values) =>
    update.mutate(
      { kind: 'fields', values },
      {
        onSuccess: (saved) => {
          reset(fieldsOf(saved));
          toast.success('Your profile has been updated');
        },
        onError: (error) =>
          applyFormErrors(error, setError, ['first_name', 'last_name', 'phone', 'time_zone']),
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
      <div className="flex flex-col gap-1.5">
        <Field
          label="Time zone"
          htmlFor="time_zone"
          hint="Dates and times in the portal, in its emails and in PDFs follow this zone."
          error={errors.time_zone?.message}
        >
          <NativeSelect
            id="time_zone"
            invalid={Boolean(errors.time_zone)}
            {...register('time_zone')}
          >
            {zones.map((group) => (
              <optgroup key={group.region} label={group.region}>
                {group.zones.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </NativeSelect>
        </Field>
        {zone !== deviceZone && (
          <p className="text-xs text-slate-600">
            This device is set to {deviceZone}.{' '}
            <button
              type="button"
              className={textLink}
              onClick={() => setValue('time_zone', deviceZone, { shouldDirty: true })}
            >
              Use {deviceZone}
            </button>
          </p>
        )}
      </div>
      <FormError message={errors.root?.message} />
      {unsaved.prompt}
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
