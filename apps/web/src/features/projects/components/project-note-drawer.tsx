import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  NOTE_STATUSES,
  projectNoteUpdateRequestSchema,
  type ProjectNote,
} from '@portal/contract/projects';
import { FormError } from '../../../components/layout/form-error';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Drawer } from '../../../components/ui/drawer';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { applyFormErrors, toastError } from '../../../lib/errors';
import { useDeleteProjectNote, useSaveProjectNote } from '../api/notes';
import { useOpenSession } from '../lib/use-open-session';
import { FormActions } from './form-actions';
import { NativeSelect } from '../../../components/ui/native-select';
import { noteStatusLabel } from './status-badge';

/** Create sends `project` too; the rest is the update body. */
type FormInput = z.input<typeof projectNoteUpdateRequestSchema>;
type FormOutput = z.output<typeof projectNoteUpdateRequestSchema>;

export type ProjectNoteDrawerProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  projectId: number;
  /** Update mode with a note, create mode without one. */
  note?: ProjectNote;
};

/** The project note drawer: the text and a status freely chosen among four (spec §4). */
export const ProjectNoteDrawer = (props: ProjectNoteDrawerProps) => {
  const session = useOpenSession(props.open);
  return <ProjectNoteDrawerBody key={session} {...props} />;
};

const ProjectNoteDrawerBody = ({ open, onOpenChange, projectId, note }: ProjectNoteDrawerProps) => {
  const id = useId();
  const save = useSaveProjectNote(projectId);
  const remove = useDeleteProjectNote(projectId);
  const [confirming, setConfirming] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(projectNoteUpdateRequestSchema),
    mode: 'onChange',
    defaultValues: { content: note?.content ?? '', status: note?.status ?? 'open' },
  });

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      note
        ? { kind: 'update', id: note.id, body: values }
        : { kind: 'create', body: { ...values, project: projectId } },
      {
        onSuccess: () => {
          toast.success(note ? 'The note was updated' : 'The note was added');
          onOpenChange(false);
        },
        onError: (error) => applyFormErrors(error, setError, ['content', 'status']),
      },
    ),
  );

  const onDelete = () => {
    if (!note) return;
    remove.mutate(note.id, {
      onSuccess: () => {
        toast.success('The note was deleted');
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
      title={note ? 'Update Note' : 'Add Note'}
      description="Notes keep decisions, blockers and next steps with the project."
      footer={
        <FormActions
          form={`${id}-form`}
          onCancel={() => onOpenChange(false)}
          saveDisabled={!isValid}
          saving={save.isPending}
          onDelete={note ? () => setConfirming(true) : undefined}
          deleteLabel="Delete note"
        />
      }
    >
      <form id={`${id}-form`} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <Field label="Note" htmlFor={`${id}-content`} error={errors.content?.message}>
          <Textarea
            id={`${id}-content`}
            rows={8}
            invalid={Boolean(errors.content)}
            {...register('content')}
          />
        </Field>
        <Field label="Status" htmlFor={`${id}-status`} error={errors.status?.message}>
          <NativeSelect
            id={`${id}-status`}
            invalid={Boolean(errors.status)}
            {...register('status')}
          >
            {NOTE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {noteStatusLabel(status)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <FormError message={errors.root?.message} />
      </form>
      {note && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete note"
          message="Are you sure you want to delete this note?"
          confirmLabel="Delete"
          danger
          pending={remove.isPending}
          onConfirm={onDelete}
        />
      )}
    </Drawer>
  );
};
