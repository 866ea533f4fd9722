import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { saveCallbacks } from '../../../components/forms/resource-form';
import { projectChildSave } from '../api/child-save';

type ChildSave<Body> = ReturnType<typeof projectChildSave<Body & object>>;

/**
 * `onSave` and `saving` of a project child's `<ResourceForm>` (note, phase, milestone): saves
 * the record it opened with, or creates one in the project; a 400 lands on `fields`, and a
 * success closes with `message(saved)`.
 */
export const childSaveProps = <Input extends FieldValues, Output extends FieldValues, Saved>({
  save,
  form,
  fields,
  existing,
  projectId,
  message,
}: {
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
  saving: save.isPending,
  onSave: (values: Output, close: (message: string) => void) =>
    save.mutate(
      projectChildSave(existing, values, projectId),
      saveCallbacks(form.setError, fields, (saved: Saved) => close(message(saved))),
    ),
});
