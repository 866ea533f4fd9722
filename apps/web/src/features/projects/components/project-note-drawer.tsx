import {
  NOTE_STATUSES,
  projectNoteUpdateRequestSchema,
  type ProjectNote,
} from '@portal/contract/projects';
import { SelectField, TextAreaField } from '../../../components/forms/fields';
import { toastError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import {
  remountOnOpen,
  ResourceForm,
  useDeletion,
  type FormFrameProps,
} from '../../../components/forms/resource-form';
import { useChildForm } from './use-child-form';
import { useDeleteProjectNote, useRestoreProjectNote, useSaveProjectNote } from '../api/notes';
import { noteStatusLabel } from './status-badge';

export type ProjectNoteDrawerProps = FormFrameProps & {
  projectId: number;
  /** Update mode with a note, create mode without one. */
  note?: ProjectNote | undefined;
};

/** The project note drawer: the text and a status freely chosen among four (spec §4). */
export const ProjectNoteDrawer = remountOnOpen(function ProjectNoteDrawerBody({
  projectId,
  note,
  ...frame
}: ProjectNoteDrawerProps) {
  const deletion = useDeletion(useDeleteProjectNote(projectId));
  const restore = useRestoreProjectNote(projectId);

  const childForm = useChildForm({
    frame,
    schema: projectNoteUpdateRequestSchema,
    defaults: {
      content: note?.content ?? '',
      status: note?.status ?? 'open',
    },
    save: useSaveProjectNote(projectId),
    fields: ['content', 'status'],
    existing: note,
    projectId,
    message: () => (note ? 'The note was updated' : 'The note was added'),
  });

  return (
    <ResourceForm
      title={note ? 'Update Note' : 'Add Note'}
      description="Notes keep decisions, blockers and next steps with the project."
      {...childForm}
      deletion={
        note &&
        deletion(
          note.id,
          {
            label: 'Delete note',
            message: 'Are you sure you want to delete this note?',
            confirmLabel: 'Delete',
          },
          () => {
            // Undo brings the same note back, with its time and place (decision 0027).
            const { id } = note;
            toast.undoable('The note was deleted', () =>
              restore.mutate(id, { onError: toastError }),
            );
            frame.onOpenChange(false);
          },
        )
      }
    >
      <TextAreaField name="content" label="Note" rows={8} />
      <SelectField name="status" label="Status">
        {NOTE_STATUSES.map((status) => (
          <option key={status} value={status}>
            {noteStatusLabel(status)}
          </option>
        ))}
      </SelectField>
    </ResourceForm>
  );
});
