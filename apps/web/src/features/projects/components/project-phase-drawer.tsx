import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { projectPhaseUpdateRequestSchema, type ProjectPhase } from '@portal/contract/projects';
import { FormError } from '../../../components/layout/form-error';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DatePicker } from '../../../components/ui/date-picker';
import { Drawer } from '../../../components/ui/drawer';
import { Field } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast';
import { applyFormErrors, toastError } from '../../../lib/errors';
import { useDeleteProjectPhase, usePhases, useSaveProjectPhase } from '../api/phases';
import { parseApiDate, toApiDate } from '../lib/format';
import { useOpenSession } from '../lib/use-open-session';
import { FormActions } from './form-actions';
import { NativeSelect } from '../../../components/ui/native-select';

/** Create sends `project` too; the rest is the update body. */
type FormInput = z.input<typeof projectPhaseUpdateRequestSchema>;
type FormOutput = z.output<typeof projectPhaseUpdateRequestSchema>;

export type ProjectPhaseDrawerProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  projectId: number;
  /** The project's phases, so one cannot be added twice. */
  taken: readonly ProjectPhase[];
  /** Update mode with a project phase, create mode without one. */
  projectPhase?: ProjectPhase;
};

/** The project phase drawer: which phase, and the day it was completed (spec §2, §4). */
export const ProjectPhaseDrawer = (props: ProjectPhaseDrawerProps) => {
  const session = useOpenSession(props.open);
  return <ProjectPhaseDrawerBody key={session} {...props} />;
};

const ProjectPhaseDrawerBody = ({
  open,
  onOpenChange,
  projectId,
  taken,
  projectPhase,
}: ProjectPhaseDrawerProps) => {
  const id = useId();
  const phases = usePhases();
  const save = useSaveProjectPhase(projectId);
  const remove = useDeleteProjectPhase(projectId);
  const [confirming, setConfirming] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isValid },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(projectPhaseUpdateRequestSchema),
    mode: 'onChange',
    defaultValues: {
      phase: projectPhase ? String(projectPhase.phase.id) : '',
      completed: projectPhase?.completed ?? null,
    },
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
      {
        onSuccess: (saved) => {
          toast.success(
            projectPhase
              ? `${saved.phase.phase_name} was updated`
              : `${saved.phase.phase_name} was added`,
          );
          onOpenChange(false);
        },
        onError: (error) => applyFormErrors(error, setError, ['phase', 'completed']),
      },
    ),
  );

  const onDelete = () => {
    if (!projectPhase) return;
    remove.mutate(projectPhase.id, {
      onSuccess: () => {
        toast.success(`${projectPhase.phase.phase_name} was removed`);
        setConfirming(false);
        onOpenChange(false);
      },
      onError: (error) => {
        setConfirming(false);
        toastError(error);
      },
    });
  };

  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title={projectPhase ? 'Update Phase' : 'Add Phase'}
      description="A phase is complete once it has a completion date."
      footer={
        <FormActions
          form={`${id}-form`}
          onCancel={() => onOpenChange(false)}
          saveDisabled={!isValid}
          saving={save.isPending}
          onDelete={projectPhase ? () => setConfirming(true) : undefined}
          deleteLabel="Remove phase"
        />
      }
    >
      <form id={`${id}-form`} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
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
        <FormError message={errors.root?.message} />
      </form>
      {projectPhase && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Remove phase"
          message={`Are you sure you want to remove ${projectPhase.phase.phase_name} from this project?`}
          confirmLabel="Remove"
          danger
          pending={remove.isPending}
          onConfirm={onDelete}
        />
      )}
    </Drawer>
  );
};
