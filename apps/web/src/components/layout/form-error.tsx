import { CircleAlert } from 'lucide-react';

/** A form's root error (spec §8: form-level errors), above the submit button. */
export const FormError = ({ message }: { message?: string }) =>
  message ? (
    <div
      role="alert"
      className="flex gap-2.5 rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-700"
    >
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p className="whitespace-pre-line">{message}</p>
    </div>
  ) : null;
