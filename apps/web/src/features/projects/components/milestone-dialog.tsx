import { milestoneUpdateRequestSchema, type Milestone } from '@portal/contract/milestones';
import { TextField } from '../../../components/forms/fields';
import {
  remountOnOpen,
  ResourceForm,
  type FormFrameProps,
} from '../../../components/forms/resource-form';
import { useChildForm } from './use-child-form';
import { useSaveMilestone } from '../api/milestones';

export type MilestoneDialogProps = FormFrameProps & {
  projectId: number;
  /** Rename mode with a milestone, create mode without one. */
  milestone?: Milestone | undefined;
};

/** The milestone create dialog (spec §2), which also renames one. */
export const MilestoneDialog = remountOnOpen(function MilestoneDialogBody({
  projectId,
  milestone,
  ...frame
}: MilestoneDialogProps) {
  const childForm = useChildForm({
    frame,
    schema: milestoneUpdateRequestSchema,
    defaults: { name: milestone?.name ?? '' },
    save: useSaveMilestone(projectId),
    fields: ['name'],
    existing: milestone,
    projectId,
    message: (saved) => (milestone ? 'The milestone was renamed' : `${saved.name} was added`),
  });

  return (
    <ResourceForm
      frame="dialog"
      title={milestone ? 'Rename Milestone' : 'Add Milestone'}
      description={
        milestone ? undefined : 'New milestones go to the end of the list; drag to reorder them.'
      }
      {...childForm}
      className="flex flex-col gap-4 pb-1"
    >
      <TextField name="name" label="Name" />
    </ResourceForm>
  );
});
