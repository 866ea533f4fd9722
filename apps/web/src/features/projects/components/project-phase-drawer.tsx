import { projectPhaseUpdateRequestSchema, type ProjectPhase } from '@portal/contract/projects';
import { DateField, SelectField } from '../../../components/forms/fields';
import {
  closeWithToast,
  remountOnOpen,
  ResourceForm,
  useDeletion,
  type FormFrameProps,
} from '../../../components/forms/resource-form';
import { useChildForm } from './use-child-form';
import { FormError } from '../../../components/layout/form-error';
import { useDeleteProjectPhase, usePhases, useSaveProjectPhase } from '../api/phases';

export type ProjectPhaseDrawerProps = FormFrameProps & {
  projectId: number;
  /** The project's phases, so one cannot be added twice. */
  taken: readonly ProjectPhase[];
  /** Update mode with a project phase, create mode without one. */
  projectPhase?: ProjectPhase | undefined;
};

/** The project phase drawer: which phase, and the day it was completed (spec §2, §4). */
export const ProjectPhaseDrawer = remountOnOpen(function ProjectPhaseDrawerBody({
  projectId,
  taken,
  projectPhase,
  ...frame
}: ProjectPhaseDrawerProps) {
  const phases = usePhases();
  const deletion = useDeletion(useDeleteProjectPhase(projectId));

  const childForm = useChildForm({
    frame,
    schema: projectPhaseUpdateRequestSchema,
    defaults: {
      phase: projectPhase ? String(projectPhase.phase.id) : '',
      completed: projectPhase?.completed ?? null,
    },
    save: useSaveProjectPhase(projectId),
    fields: ['phase', 'completed'],
    existing: projectPhase,
    projectId,
    message: (saved) => `${saved.phase.phase_name} was ${projectPhase ? 'updated' : 'added'}`,
  });

  const takenIds = new Set(
    taken.filter((other) => other.id !== projectPhase?.id).map((other) => other.phase.id),
  );
  const choices = (phases.data ?? []).filter((phase) => !takenIds.has(phase.id));

  return (
    <ResourceForm
      title={projectPhase ? 'Update Phase' : 'Add Phase'}
      description="A phase is complete once it has a completion date."
      {...childForm}
      deletion={
        projectPhase &&
        deletion(
          projectPhase.id,
          {
            label: 'Remove phase',
            message: `Are you sure you want to remove ${projectPhase.phase.phase_name} from this project?`,
            confirmLabel: 'Remove',
          },
          () => closeWithToast(frame.onOpenChange, `${projectPhase.phase.phase_name} was removed`),
        )
      }
    >
      <SelectField name="phase" label="Phase" disabled={phases.isPending}>
        <option value="" disabled>
          {phases.isPending ? 'Loading phases…' : 'Choose a phase'}
        </option>
        {choices.map((phase) => (
          <option key={phase.id} value={String(phase.id)}>
            {phase.phase_name}
          </option>
        ))}
      </SelectField>
      <DateField
        name="completed"
        label="Completed"
        hint="Leave empty while the phase is still going on."
        placeholder="Not completed"
      />
      {phases.isError && (
        <FormError message="The list of phases could not be loaded. Close the drawer and try again." />
      )}
    </ResourceForm>
  );
});
