import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import {
  saveCallbacks,
  useResourceForm,
  type FormFrameProps,
} from '../../../components/forms/resource-form';
import { projectChildSave } from '../api/child-save';

type ChildSave<Body> = ReturnType<typeof projectChildSave<Body & object>>;

/**
 * The form of a project child's `<ResourceForm>` (note, phase, milestone) and what that takes
 * besides its title, text and fields: its frame, the form, and a save of the record it opened
 * with, or a create in the project; a 400 lands on `fields`, and a success closes with
 * `message(saved)`. Spread the result onto the `<ResourceForm>`.
 */
export const useChildForm = <Input extends FieldValues, Output extends FieldValues, Saved>({
  frame,
  schema,
  defaults,
  save,
  fields,
  existing,
  projectId,
  message,
}: {
  frame: FormFrameProps;
  /** The update body's schema: create sends `project` too (`projectChildSave`). */
  schema: z.ZodType<Output, Input>;
  /** The form's starting values: the record's, or a new one's. */
  defaults: DefaultValues<Input>;
  save: {
    mutate(
      variables: ChildSave<Output>,
      callbacks: { onSuccess(saved: Saved): void; onError(error: unknown): void },
    ): void;
    isPending: boolean;
  };
  fields: readonly Path<Input>[];
  existing: { id: number } | undefined;
  projectId: number;
  message(saved: Saved): string;
}) => {
  const form = useResourceForm(schema, defaults);
  return {
    ...frame,
    form,
    saving: save.isPending,
    onSave: (values: Output, close: (message: string) => void) =>
      save.mutate(
        projectChildSave(existing, values, projectId),
        saveCallbacks(form.setError, fields, (saved: Saved) => close(message(saved))),
      ),
  };
};
