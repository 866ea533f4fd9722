import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { projectPhaseUpdateRequestSchema, type ProjectPhase } from '@portal/contract/projects';
import {
  closeWithToast,
  remountOnOpen,
  ResourceForm,
  saveCallbacks,
  useDeletion,
  useResourceForm,
  type FormFrameProps,
} from '../../../components/forms/resource-form';
import { FormError } from '../../../components/layout/form-error';
import { DatePicker } from '../../../components/ui/date-picker';
import { Field } from '../../../components/ui/field';
import { useDeleteProjectPhase, usePhases, useSaveProjectPhase } from '../api/phases';
import { parseApiDate, toApiDate } from '../lib/format';
import { NativeSelect } from '../../../components/ui/native-select';

export type ProjectPhaseDrawerProps = FormFrameProps & {
  projectId: number;
  /** The project's phases, so one cannot be added twice. */
  taken: readonly ProjectPhase[];
  /** Update mode with a project phase, create mode without one. */
  projectPhase?: ProjectPhase;
};

/** The project phase drawer: which phase, and the day it was completed (spec §2, §4). */
export const ProjectPhaseDrawer = remountOnOpen(function ProjectPhaseDrawerBody({
  open,
  onOpenChange,
  projectId,
  taken,
  projectPhase,
}: ProjectPhaseDrawerProps) {
  const id = useId();
  const phases = usePhases();
  const save = useSaveProjectPhase(projectId);
  const deletion = useDeletion(useDeleteProjectPhase(projectId));
  // The update body's schema: create sends `project` too, added on submit.
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isValid },
  } = useResourceForm(projectPhaseUpdateRequestSchema, {
    phase: projectPhase ? String(projectPhase.phase.id) : '',
    completed: projectPhase?.completed ?? null,
  });

  const takenIds = new Set(
    taken.filter((other) => other.id !== projectPhase?.id).map((other) => other.phase.id),
  );
  const choices = (phases.data ?? []).filter((phase) => !takenIds.has(phase.id));

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      projectPhase
        ? { kind: 'update', id: projectPhase.id, body: values }
        : { kind: 'create', body: { ...values, project: projectId } },
      saveCallbacks(setError, ['phase', 'completed'], (saved) =>
        closeWithToast(
          onOpenChange,
          projectPhase
            ? `${saved.phase.phase_name} was updated`
            : `${saved.phase.phase_name} was added`,
        ),
      ),
    ),
  );

  return (
    <ResourceForm
      open={open}
      onOpenChange={onOpenChange}
      title={projectPhase ? 'Update Phase' : 'Add Phase'}
      description="A phase is complete once it has a completion date."
      onSubmit={onSubmit}
      saveDisabled={!isValid}
      saving={save.isPending}
      rootError={errors.root?.message}
      deletion={
        projectPhase &&
        deletion(
          projectPhase.id,
          {
            label: 'Remove phase',
            message: `Are you sure you want to remove ${projectPhase.phase.phase_name} from this project?`,
            confirmLabel: 'Remove',
          },
          () => closeWithToast(onOpenChange, `${projectPhase.phase.phase_name} was removed`),
        )
      }
    >
      <Field label="Phase" htmlFor={`${id}-phase`} error={errors.phase?.message}>
        <NativeSelect
          id={`${id}-phase`}
          invalid={Boolean(errors.phase)}
          disabled={phases.isPending}
          {...register('phase')}
        >
          <option value="" disabled>
            {phases.isPending ? 'Loading phases…' : 'Choose a phase'}
          </option>
          {choices.map((phase) => (
            <option key={phase.id} value={String(phase.id)}>
              {phase.phase_name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field
        label="Completed"
        htmlFor={`${id}-completed`}
        hint="Leave empty while the phase is still going on."
        error={errors.completed?.message}
      >
        <Controller
          control={control}
          name="completed"
          render={({ field }) => (
            <DatePicker
              id={`${id}-completed`}
              aria-label="Completed"
              placeholder="Not completed"
              value={parseApiDate(field.value)}
              onChange={(date) => field.onChange(toApiDate(date))}
            />
          )}
        />
      </Field>
      {phases.isError && (
        <FormError message="The list of phases could not be loaded. Close the drawer and try again." />
      )}
    </ResourceForm>
  );
});
