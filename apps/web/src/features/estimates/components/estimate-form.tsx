import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Estimate, EstimateDetail } from '@portal/contract/estimates';
import { FormError } from '../../../components/layout/form-error';
import { FormActions } from '../../../components/forms/form-actions';
import { useUnsavedChanges } from '../../../components/forms/unsaved-changes';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { applyFormErrors } from '../../../lib/errors';
import { useCreateEstimate, useProjectChoices, useUpdateEstimate } from '../api/estimates';
import {
  ESTIMATE_FORM_FIELDS,
  estimateFormDefaults,
  estimateFormSchema,
  estimateRequest,
  type EstimateFormValues,
} from '../lib/forms';
import { NativeSelect } from '../../../components/ui/native-select';

export type LockedProject = { id: number; name: string };

export type EstimateFormProps = {
  /** The estimate to update, or null to create one. */
  estimate: Estimate | null;
  /** Opened from a project: the estimate belongs to it, and the choice is not offered. */
  lockedProject?: LockedProject;
  /** Whether its drawer or dialog is open, and how it closes: unsaved changes ask first. */
  open: boolean;
  onOpenChange(open: boolean): void;
  onSaved(estimate: EstimateDetail): void;
  /**
   * Lays the form out inside its dialog or drawer: the fields, the buttons for the footer, and
   * the frame's `onOpenChange` (Escape, the close button, a click outside), which asks before
   * throwing an edit away and waits while a save is under way.
   */
  children(parts: {
    body: ReactNode;
    footer: ReactNode;
    onOpenChange(open: boolean): void;
  }): ReactNode;
};

/**
 * The estimate form (spec §5): project, name and description required, scope of work,
 * deliverables and not included optional, the safe modifier required and 1 by default. Save stays
 * disabled until the required fields are filled; the server's field errors land on their fields.
 */
export const EstimateForm = ({
  estimate,
  lockedProject,
  open,
  onOpenChange,
  onSaved,
  children,
}: EstimateFormProps) => {
  const formId = useId();
  const id = (name: string) => `${formId}-${name}`;
  const create = useCreateEstimate();
  const update = useUpdateEstimate(estimate?.id ?? 0);
  const projects = useProjectChoices(!lockedProject);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isDirty },
  } = useForm<EstimateFormValues>({
    resolver: zodResolver(estimateFormSchema),
    defaultValues: estimateFormDefaults(estimate, lockedProject?.id ?? null),
    mode: 'onTouched',
  });

  const saving = create.isPending || update.isPending;
  // Closing or navigating away with unsaved edits asks first (decision 0027); a save releases it.
  const unsaved = useUnsavedChanges({ open, dirty: isDirty && !saving, onOpenChange });
  const onSubmit = handleSubmit((values) => {
    const body = estimateRequest(values);
    const handlers = {
      onSuccess: (saved: EstimateDetail) => {
        unsaved.release();
        toast.success(estimate ? 'Estimate updated' : 'Estimate created');
        onSaved(saved);
      },
      onError: (error: unknown) => applyFormErrors(error, setError, ESTIMATE_FORM_FIELDS),
    };
    if (estimate) update.mutate(body, handlers);
    else create.mutate(body, handlers);
  });

  const text = (
    name: 'scope_of_work' | 'deliverables' | 'not_included' | 'description',
    label: string,
    hint?: string,
  ) => (
    <Field label={label} htmlFor={id(name)} error={errors[name]?.message} hint={hint}>
      <Textarea
        id={id(name)}
        rows={name === 'description' ? 3 : 2}
        className={name === 'description' ? undefined : 'min-h-0'}
        invalid={Boolean(errors[name])}
        aria-required={name === 'description' || undefined}
        {...register(name)}
      />
    </Field>
  );

  // While the list loads, the current project (update mode) is still shown and chosen.
  const current = estimate?.project;
  const options = projects.data ?? (current ? [{ id: current.id, name: current.name }] : []);

  const body = (
    <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field
        label="Project"
        htmlFor={id('project')}
        error={errors.project?.message}
        hint={projects.isError ? 'The projects could not be loaded.' : undefined}
      >
        {lockedProject ? (
          // The project is fixed: shown, not offered (the form keeps its id).
          <Input id={id('project')} value={lockedProject.name} readOnly disabled />
        ) : (
          <NativeSelect
            id={id('project')}
            invalid={Boolean(errors.project)}
            aria-required
            {...register('project')}
          >
            <option value="" disabled>
              {projects.isPending ? 'Loading projects…' : 'Choose a project'}
            </option>
            {options.map((project) => (
              <option key={project.id} value={String(project.id)}>
                {project.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Name" htmlFor={id('name')} error={errors.name?.message}>
        <Input
          id={id('name')}
          autoComplete="off"
          invalid={Boolean(errors.name)}
          aria-required
          {...register('name')}
        />
      </Field>
      {text('description', 'Description', 'Line breaks are kept.')}
      {text('scope_of_work', 'Scope of Work')}
      {text('deliverables', 'Deliverables')}
      {text('not_included', 'Not Included')}
      <Field
        label="Safe modifier"
        htmlFor={id('safe_modifier')}
        error={errors.safe_modifier?.message}
        hint="Hours (Safe) = hours × safe modifier."
      >
        <Input
          id={id('safe_modifier')}
          inputMode="decimal"
          autoComplete="off"
          invalid={Boolean(errors.safe_modifier)}
          aria-required
          className="max-w-40 tabular-nums"
          {...register('safe_modifier')}
        />
      </Field>
      <FormError message={errors.root?.message} />
    </form>
  );

  const footer = (
    <FormActions
      form={formId}
      onCancel={() => unsaved.requestClose(false)}
      saveDisabled={!isValid}
      saving={saving}
      lockedWhileSaving
    />
  );

  return (
    <>
      {children({
        body,
        footer,
        onOpenChange: (next) => (saving && !next ? undefined : unsaved.requestClose(next)),
      })}
      {unsaved.prompt}
    </>
  );
};
