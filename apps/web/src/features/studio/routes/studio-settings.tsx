import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  accentColorProblem,
  STUDIO_LOGO_MAX_BYTES,
  STUDIO_LOGO_TYPES,
  studioUpdateSchema,
  type Studio,
} from '@portal/contract/studio';
import { formatFileSize } from '@portal/contract/format';
import { useUnsavedChanges } from '../../../components/forms/unsaved-changes';
import { TextAreaField, TextField } from '../../../components/forms/fields';
import { FormError } from '../../../components/layout/form-error';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { ImageUpload } from '../../../components/ui/file-upload';
import { toast } from '../../../components/ui/toast';
import { applyFormErrors, toastError } from '../../../lib/errors';
import { useFreshStudio } from '../../../lib/studio';
import { PageSpinner } from '../../../components/layout/page-spinner';
import { useChangeLogo, useUpdateStudio } from '../api/studio';
import { BrandPreview } from '../components/brand-preview';

type Values = z.input<typeof studioUpdateSchema>;
type Saved = z.output<typeof studioUpdateSchema>;

/** The fields a 400 may name, as the request schema declares them. */
const FIELDS = Object.keys(studioUpdateSchema.shape) as (keyof Values)[];

const valuesOf = (studio: Studio): Values => ({
  name: studio.name,
  accent_color: studio.accent_color,
  website: studio.website,
  email_footer: studio.email_footer,
  legal_name: studio.legal_name,
  address: studio.address,
  tax_id: studio.tax_id,
  estimate_validity_days: String(studio.estimate_validity_days),
});

const pickDirty = (values: Saved, dirty: Partial<Record<keyof Values, boolean | undefined>>) =>
  Object.fromEntries(
    Object.entries(values).filter(([key]) => dirty[key as keyof Values] === true),
  ) as Saved;

/** The studio's brand and letterhead (issue 25): superusers edit it, clients see it everywhere. */
export const StudioSettingsRoute = () => {
  const { studio, fresh, query } = useFreshStudio();
  return (
    <Page title="Studio" width="column">
      {query.isError && !fresh ? (
        <FormError message="The studio's settings could not be loaded. Reload the page to try again." />
      ) : studio && fresh ? (
        <StudioForm studio={studio} />
      ) : (
        <PageSpinner label="Loading the studio's settings" />
      )}
    </Page>
  );
};

const StudioForm = ({ studio }: { studio: Studio }) => {
  const update = useUpdateStudio();
  const logo = useChangeLogo();
  const form = useForm<Values, unknown, Saved>({
    resolver: zodResolver(studioUpdateSchema),
    defaultValues: valuesOf(studio),
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    control,
    formState: { errors, isDirty, dirtyFields },
  } = form;
  const unsaved = useUnsavedChanges({
    open: true,
    dirty: isDirty && !update.isPending,
    onOpenChange: () => undefined,
  });
  const shown = useWatch({ control });
  const accent = String(shown.accent_color ?? '')
    .trim()
    .toLowerCase();
  const accentReadable = accentColorProblem(accent) === null;

  // Only what was changed here is sent: a field someone else saved meanwhile stays theirs.
  const onSubmit = handleSubmit((values) =>
    update.mutate(pickDirty(values, dirtyFields), {
      onSuccess: (saved) => {
        reset(valuesOf(saved));
        toast.success('The studio has been saved');
      },
      onError: (error) => applyFormErrors(error, setError, FIELDS),
    }),
  );

  const onLogo = (file: File | null) =>
    logo.mutate(file, {
      onSuccess: () =>
        toast.success(file ? 'The logo has been saved' : 'The logo has been removed'),
      onError: toastError,
    });

  const colour = register('accent_color');
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
          <Card>
            <CardHeader
              title="Brand"
              description="What your clients see: in the portal, on the sign-in page, in every email and on estimates."
            />
            <CardBody className="flex flex-col gap-5">
              <TextField name="name" label="Studio name" />
              <ImageUpload
                label="Logo"
                shape="wide"
                accept={STUDIO_LOGO_TYPES}
                hint={`PNG, JPEG or WebP, up to ${formatFileSize(STUDIO_LOGO_MAX_BYTES)}. Saved as soon as you choose it.`}
                value={studio.logo_url}
                onChange={onLogo}
              />
              <Field
                label="Accent colour"
                htmlFor="accent_color"
                hint="Buttons, links and highlights. White text must read on it (WCAG AA, 4.5:1)."
                error={errors.accent_color?.message}
              >
                <div className="flex items-center gap-3">
                  <input
                    type="color"
                    aria-label="Pick the accent colour"
                    value={accentReadable || /^#[0-9a-f]{6}$/.test(accent) ? accent : '#000000'}
                    onChange={(event) =>
                      setValue('accent_color', event.target.value, {
                        shouldDirty: true,
                        shouldValidate: true,
                      })
                    }
                    className="h-9 w-12 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
                  />
                  <input
                    id="accent_color"
                    {...colour}
                    aria-invalid={Boolean(errors.accent_color)}
                    spellCheck={false}
                    className="h-9 w-32 rounded-md border border-slate-300 px-3 font-mono text-sm shadow-sm focus-visible:outline-2 focus-visible:outline-brand-500 aria-[invalid=true]:border-red-500"
                  />
                </div>
              </Field>
              <TextField name="website" label="Website" type="url" placeholder="https://" />
              <TextAreaField
                name="email_footer"
                label="Email footer"
                rows={3}
                hint="Under every email: an address, a phone number, a line about the studio."
              />
            </CardBody>
          </Card>
          <Card>
            <CardHeader
              title="Letterhead"
              description="Printed on every estimate a client downloads."
            />
            <CardBody className="flex flex-col gap-5">
              <TextField name="legal_name" label="Legal name" />
              <TextAreaField name="address" label="Address" rows={3} />
              <div className="grid gap-5 sm:grid-cols-2">
                <TextField name="tax_id" label="Tax id" />
                <TextField
                  name="estimate_validity_days"
                  label="Estimates valid for (days)"
                  type="number"
                  inputMode="numeric"
                />
              </div>
            </CardBody>
          </Card>
          <FormError message={errors.root?.message} />
          <div className="flex justify-end">
            <Button type="submit" disabled={!isDirty} loading={update.isPending}>
              Save
            </Button>
          </div>
          {unsaved.prompt}
        </form>
      </FormProvider>
      <aside className="lg:sticky lg:top-20 lg:self-start">
        <h2 className="mb-3 text-sm font-semibold text-slate-900">Preview</h2>
        <BrandPreview
          name={String(shown.name ?? '').trim()}
          accentColor={accentReadable ? accent : studio.accent_color}
          logoUrl={studio.logo_url}
          website={String(shown.website ?? '').trim()}
          emailFooter={String(shown.email_footer ?? '').trim()}
        />
      </aside>
    </div>
  );
};
