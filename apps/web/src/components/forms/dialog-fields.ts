import { useState } from 'react';
import { useUnsavedChanges } from './unsaved-changes';

/** A small dialog's messages by field (and `form` for the dialog as a whole). */
export type DialogErrors<Values> = Partial<Record<keyof Values | 'form', string | undefined>>;

/**
 * The typed fields of a small dialog (a password asked again, a code, a name), kept until it
 * closes: their values and errors, emptied on closing, and the unsaved-changes guard (issue 19)
 * asking before Escape or Cancel loses what was typed — unless `busy` (the request that uses
 * them is on its way). `dirty` says which typing is worth asking about; unset, any change is.
 */
export const useDialogFields = <Values extends Record<string, string>>(options: {
  open: boolean;
  onOpenChange(open: boolean): void;
  initial: Values | (() => Values);
  busy: boolean;
  dirty?: (values: Values) => boolean;
}) => {
  const [initial] = useState(options.initial);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<DialogErrors<Values>>({});
  const close = (open: boolean) => {
    if (!open) {
      setValues(initial);
      setErrors({});
    }
    options.onOpenChange(open);
  };
  const changed = options.dirty
    ? options.dirty(values)
    : Object.keys(values).some((key) => values[key] !== initial[key]);
  const unsaved = useUnsavedChanges({
    open: options.open,
    dirty: !options.busy && changed,
    onOpenChange: close,
  });
  /** The setter of one field, for an input's `onChange`. */
  const field =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) =>
      setValues((current) => ({ ...current, [key]: value }));
  return {
    values,
    field,
    errors,
    setErrors,
    /** Closes (or opens) without asking: after the work is done. */
    close,
    requestClose: unsaved.requestClose,
    release: unsaved.release,
    prompt: unsaved.prompt,
  };
};
