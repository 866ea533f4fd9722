import { useId } from 'react';
import { milestoneUpdateRequestSchema, type Milestone } from '@portal/contract/milestones';
import {
  closeWithToast,
  remountOnOpen,
  ResourceForm,
  saveCallbacks,
  useResourceForm,
  type FormFrameProps,
} from '../../../components/forms/resource-form';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useSaveMilestone } from '../api/milestones';

export type MilestoneDialogProps = FormFrameProps & {
  projectId: number;
  /** Rename mode with a milestone, create mode without one. */
  milestone?: Milestone;
};

/** The milestone create dialog (spec §2), which also renames one. */
export const MilestoneDialog = remountOnOpen(function MilestoneDialogBody({
  open,
  onOpenChange,
  projectId,
  milestone,
}: MilestoneDialogProps) {
  const id = useId();
  const save = useSaveMilestone(projectId);
  // The update body's schema: create sends `project` too, added on submit.
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid },
  } = useResourceForm(milestoneUpdateRequestSchema, {
    name: milestone?.name ?? '',
  });

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      milestone
        ? { kind: 'update', id: milestone.id, body: values }
        : { kind: 'create', body: { ...values, project: projectId } },
      saveCallbacks(setError, ['name'], (saved) =>
        closeWithToast(
          onOpenChange,
          milestone ? 'The milestone was renamed' : `${saved.name} was added`,
        ),
      ),
    ),
  );

  return (
    <ResourceForm
      frame="dialog"
      open={open}
      onOpenChange={onOpenChange}
      title={milestone ? 'Rename Milestone' : 'Add Milestone'}
      description={
        milestone ? undefined : 'New milestones go to the end of the list; drag to reorder them.'
      }
      onSubmit={onSubmit}
      saveDisabled={!isValid}
      saving={save.isPending}
      rootError={errors.root?.message}
      className="flex flex-col gap-4 pb-1"
    >
      <Field label="Name" htmlFor={`${id}-name`} error={errors.name?.message}>
        <Input
          id={`${id}-name`}
          autoComplete="off"
          invalid={Boolean(errors.name)}
          {...register('name')}
        />
      </Field>
    </ResourceForm>
  );
});
