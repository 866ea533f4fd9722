import { useId, useState, type ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import {
  FormProvider,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { applyFormErrors, toastError } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useOpenSession } from '../../lib/use-open-session';
import { FormError } from '../layout/form-error';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Dialog } from '../ui/dialog';
import { Drawer } from '../ui/drawer';
import { FormActions } from './form-actions';
import { useUnsavedChanges } from './unsaved-changes';

/**
 * The form of a drawer or dialog: validated by the request's contract schema on every change
 * (Save stays disabled while it fails), starting from `defaultValues`.
 */
export const useResourceForm = <Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) =>
  useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues,
  });

/**
 * The callbacks of a save: `onSaved` on success; a 400 lands on the named fields (the rest as
 * the form's error), any other failure is toasted (spec §8).
 */
export const saveCallbacks = <Values extends FieldValues, Saved>(
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
  onSaved: (saved: Saved) => void,
) => ({
  onSuccess: onSaved,
  onError: (error: unknown) => applyFormErrors(error, setError, fields),
});

/** What a form does once its save or delete went through: say so, and close. */
export const closeWithToast = (onOpenChange: (open: boolean) => void, message: string) => {
  toast.success(message);
  onOpenChange(false);
};

/** The confirmation step of Delete: whether it is open, and the callbacks of the delete call. */
export const useDeleteConfirmation = () => {
  const [confirming, setConfirming] = useState(false);
  return {
    confirming,
    setConfirming,
    /** Closes the confirmation either way; a failure is toasted and the form stays open. */
    callbacks: (onDeleted: () => void) => ({
      onSuccess: () => {
        setConfirming(false);
        onDeleted();
      },
      onError: (error: unknown) => {
        setConfirming(false);
        toastError(error);
      },
    }),
  };
};

/**
 * The words of a Delete: the button (and the confirmation's title), the question (the spec's
 * text), the yes, and what goes with it ("Its 12 items go too."), when anything does.
 */
export type DeletionText = {
  label: string;
  message: string;
  confirmLabel: string;
  consequence?: string | undefined;
};

/**
 * The Delete of an update form, for `<ResourceForm deletion>`: `deletion(variables, text,
 * onDeleted)` asks first, then calls `remove` with `variables`; a failure is toasted.
 */
export const useDeletion = <Data, Failure, Variables, Context>(
  remove: UseMutationResult<Data, Failure, Variables, Context>,
) => {
  const confirmation = useDeleteConfirmation();
  return (variables: Variables, text: DeletionText, onDeleted: () => void) => ({
    ...text,
    title: text.label,
    confirmation,
    pending: remove.isPending,
    onConfirm: () => remove.mutate(variables, confirmation.callbacks(onDeleted)),
  });
};

/** What opens and closes a drawer or dialog form. */
export type FormFrameProps = { open: boolean; onOpenChange(open: boolean): void };

/**
 * A drawer or dialog whose form starts afresh at every opening (from the record's current
 * values), while the closing animation still plays on the same instance (`useOpenSession`).
 */
export const remountOnOpen = <Props extends FormFrameProps>(Body: (props: Props) => ReactNode) =>
  function OpenSession(props: Props) {
    const session = useOpenSession(props.open);
    return <Body key={session} {...props} />;
  };

export type ResourceFormProps<Input extends FieldValues, Output extends FieldValues> = {
  /** A drawer sliding in from the right (the default), or a centred dialog for short forms. */
  frame?: 'drawer' | 'dialog';
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  /** The form (`useResourceForm`): its validity, its error and whether it changed come from it. */
  form: UseFormReturn<Input, unknown, Output>;
  /**
   * Saves the valid values; `close(message)` is what the save's success calls: it toasts the
   * message and closes without asking about unsaved changes.
   */
  onSave(values: Output, close: (message: string) => void): void;
  saving: boolean;
  /** Classes of the form element (its layout). */
  className?: string;
  /** Classes of the drawer or dialog panel (a wider one, say). */
  frameClassName?: string;
  /** Update mode: a Delete button on the left of the footer, confirmed before it runs. */
  deletion?: Deletion | undefined;
  children: ReactNode;
};

type Deletion = ReturnType<ReturnType<typeof useDeletion>>;

/**
 * A create/update form in a drawer or dialog: the fields (`components/forms/fields.tsx`), the
 * form's error under them, and the footer (Delete · Cancel · Save; Save submits the form by
 * id, since the footer sits outside it). Closing it with unsaved changes asks first
 * (`useUnsavedChanges`).
 */
export const ResourceForm = <Input extends FieldValues, Output extends FieldValues>({
  frame = 'drawer',
  open,
  onOpenChange,
  title,
  description,
  form,
  onSave,
  saving,
  className = 'flex flex-col gap-5',
  frameClassName,
  deletion,
  children,
}: ResourceFormProps<Input, Output>) => {
  const formId = `${useId()}-form`;
  const Frame = frame === 'drawer' ? Drawer : Dialog;
  const { isValid, isDirty, errors } = form.formState;
  const unsaved = useUnsavedChanges({ open, dirty: isDirty && !saving, onOpenChange });
  const onSubmit = form.handleSubmit((values) =>
    onSave(values, (message) => {
      unsaved.release();
      closeWithToast(onOpenChange, message);
    }),
  );
  return (
    <Frame
      open={open}
      onOpenChange={unsaved.requestClose}
      title={title}
      description={description}
      className={frameClassName}
      footer={
        <FormActions
          form={formId}
          onCancel={() => unsaved.requestClose(false)}
          saveDisabled={!isValid}
          saving={saving}
          onDelete={deletion && (() => deletion.confirmation.setConfirming(true))}
          deleteLabel={deletion?.label}
        />
      }
    >
      <FormProvider {...form}>
        <form id={formId} onSubmit={onSubmit} noValidate className={className}>
          {children}
          <FormError message={errors.root?.message} />
        </form>
      </FormProvider>
      {deletion && (
        <ConfirmDialog
          open={deletion.confirmation.confirming}
          onOpenChange={deletion.confirmation.setConfirming}
          title={deletion.title}
          message={
            <DeletionMessage message={deletion.message} consequence={deletion.consequence} />
          }
          confirmLabel={deletion.confirmLabel}
          danger
          pending={deletion.pending}
          onConfirm={() => {
            // A delete throws the edits away on purpose: its closing does not ask.
            unsaved.release();
            deletion.onConfirm();
          }}
        />
      )}
      {unsaved.prompt}
    </Frame>
  );
};

/**
 * A delete's confirmation: the spec's question, and under it what goes with the thing
 * ("Its 12 items go too."), so nobody deletes more than they meant to (issue 19).
 */
export const DeletionMessage = ({
  message,
  consequence,
}: {
  message: string;
  consequence?: string | undefined;
}) => (
  <>
    <p>{message}</p>
    {consequence && <p className="mt-2 text-sm text-slate-600">{consequence}</p>}
  </>
);
