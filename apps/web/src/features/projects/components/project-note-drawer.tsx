import { useId } from 'react';
import {
  NOTE_STATUSES,
  projectNoteUpdateRequestSchema,
  type ProjectNote,
} from '@portal/contract/projects';
import {
  closeWithToast,
  remountOnOpen,
  ResourceForm,
  saveCallbacks,
  useDeletion,
  useResourceForm,
  type FormFrameProps,
} from '../../../components/forms/resource-form';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/textarea';
import { useDeleteProjectNote, useSaveProjectNote } from '../api/notes';
import { NativeSelect } from '../../../components/ui/native-select';
import { noteStatusLabel } from './status-badge';

export type ProjectNoteDrawerProps = FormFrameProps & {
  projectId: number;
  /** Update mode with a note, create mode without one. */
  note?: ProjectNote;
};

/** The project note drawer: the text and a status freely chosen among four (spec §4). */
export const ProjectNoteDrawer = remountOnOpen(function ProjectNoteDrawerBody({
  open,
  onOpenChange,
  projectId,
  note,
}: ProjectNoteDrawerProps) {
  const id = useId();
  const save = useSaveProjectNote(projectId);
  const deletion = useDeletion(useDeleteProjectNote(projectId));
  // The update body's schema: create sends `project` too, added on submit.
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid },
  } = useResourceForm(projectNoteUpdateRequestSchema, {
    content: note?.content ?? '',
    status: note?.status ?? 'open',
  });

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      note
        ? { kind: 'update', id: note.id, body: values }
        : { kind: 'create', body: { ...values, project: projectId } },
      saveCallbacks(setError, ['content', 'status'], () =>
        closeWithToast(onOpenChange, note ? 'The note was updated' : 'The note was added'),
      ),
    ),
  );

  return (
    <ResourceForm
      open={open}
      onOpenChange={onOpenChange}
      title={note ? 'Update Note' : 'Add Note'}
      description="Notes keep decisions, blockers and next steps with the project."
      onSubmit={onSubmit}
      saveDisabled={!isValid}
      saving={save.isPending}
      rootError={errors.root?.message}
      deletion={
        note &&
        deletion(
          note.id,
          {
            label: 'Delete note',
            message: 'Are you sure you want to delete this note?',
            confirmLabel: 'Delete',
          },
          () => closeWithToast(onOpenChange, 'The note was deleted'),
        )
      }
    >
      <Field label="Note" htmlFor={`${id}-content`} error={errors.content?.message}>
        <Textarea
          id={`${id}-content`}
          rows={8}
          invalid={Boolean(errors.content)}
          {...register('content')}
        />
      </Field>
      <Field label="Status" htmlFor={`${id}-status`} error={errors.status?.message}>
        <NativeSelect id={`${id}-status`} invalid={Boolean(errors.status)} {...register('status')}>
          {NOTE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {noteStatusLabel(status)}
            </option>
          ))}
        </NativeSelect>
      </Field>
    </ResourceForm>
  );
});
