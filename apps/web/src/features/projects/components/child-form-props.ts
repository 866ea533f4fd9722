import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { saveCallbacks, type FormFrameProps } from '../../../components/forms/resource-form';
import { projectChildSave } from '../api/child-save';

type ChildSave<Body> = ReturnType<typeof projectChildSave<Body & object>>;

/**
 * What a project child's `<ResourceForm>` (note, phase, milestone) takes besides its title, text
 * and fields: its frame and form, and a save of the record it opened with, or a create in the
 * project; a 400 lands on `fields`, and a success closes with `message(saved)`.
 */
export const childFormProps = <Input extends FieldValues, Output extends FieldValues, Saved>({
  frame,
  save,
  form,
  fields,
  existing,
  projectId,
  message,
}: {
  frame: FormFrameProps;
  save: {
    mutate(
      variables: ChildSave<Output>,
      callbacks: { onSuccess(saved: Saved): void; onError(error: unknown): void },
    ): void;
    isPending: boolean;
  };
  form: UseFormReturn<Input, unknown, Output>;
  fields: readonly Path<Input>[];
  existing: { id: number } | undefined;
  projectId: number;
  message(saved: Saved): string;
}) => ({
  ...frame,
  form,
  saving: save.isPending,
  onSave: (values: Output, close: (message: string) => void) =>
    save.mutate(
      projectChildSave(existing, values, projectId),
      saveCallbacks(form.setError, fields, (saved: Saved) => close(message(saved))),
    ),
});
