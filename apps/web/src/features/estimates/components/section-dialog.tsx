import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { EstimateSection } from '@portal/contract/estimates';
import { useUnsavedChanges } from '../../../components/forms/unsaved-changes';
import { FormError } from '../../../components/layout/form-error';
import { FormActions } from '../../../components/forms/form-actions';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { applyFormErrors } from '../../../lib/errors';
import { useCreateSection, useUpdateSection } from '../api/sections';
import {
  SECTION_FORM_FIELDS,
  sectionFormDefaults,
  sectionFormSchema,
  type SectionFormValues,
} from '../lib/forms';

export type SectionDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  estimateId: number;
  /** The section to rename, or null to create one. */
  section: EstimateSection | null;
};

/**
 * Spec §2: the Create Section dialog, for create and update. A created section is appended, an
 * updated one replaces its namesake, and the dialog closes (spec §4). Mount it afresh per opening.
 * Not a <ResourceForm> on purpose: the estimate's forms validate a field once it is touched and
 * cannot be closed or cancelled while saving, where the project forms validate on every change.
 */
export const SectionDialog = ({ open, onOpenChange, estimateId, section }: SectionDialogProps) => {
  const formId = useId();
  const create = useCreateSection(estimateId);
  const update = useUpdateSection(estimateId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isDirty },
  } = useForm<SectionFormValues>({
    resolver: zodResolver(sectionFormSchema),
    defaultValues: sectionFormDefaults(section),
    mode: 'onTouched',
  });
  const saving = create.isPending || update.isPending;
  // Closing or navigating away with an unsaved name asks first (decision 0027).
  const unsaved = useUnsavedChanges({ open, dirty: isDirty && !saving, onOpenChange });

  const onSubmit = handleSubmit((values) => {
    const handlers = {
      onSuccess: () => {
        unsaved.release();
        toast.success(section ? 'Section updated' : 'Section created');
        onOpenChange(false);
      },
      onError: (error: unknown) => applyFormErrors(error, setError, SECTION_FORM_FIELDS),
    };
    const body = { name: values.name.trim() };
    if (section) update.mutate({ id: section.id, body }, handlers);
    else create.mutate(body, handlers);
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (saving && !next ? undefined : unsaved.requestClose(next))}
      title={section ? 'Update Section' : 'Create Section'}
      className="max-w-md"
      footer={
        <FormActions
          form={formId}
          onCancel={() => unsaved.requestClose(false)}
          saveDisabled={!isValid}
          saving={saving}
          lockedWhileSaving
        />
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field label="Name" htmlFor={`${formId}-name`} error={errors.name?.message}>
          <Input
            id={`${formId}-name`}
            autoComplete="off"
            placeholder="e.g. Design"
            invalid={Boolean(errors.name)}
            aria-required
            {...register('name')}
          />
        </Field>
        <FormError message={errors.root?.message} />
      </form>
      {unsaved.prompt}
    </Dialog>
  );
};
