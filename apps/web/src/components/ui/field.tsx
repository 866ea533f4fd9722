import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { clsx } from 'clsx';

export type FieldProps = {
  label: string;
  htmlFor: string;
  error?: string;
  hint?: string;
  /**
   * Added to the field's own classes (a grid column, a margin), not merged over them: the sign-in
   * screens draw fields and must not download tailwind-merge (decision 0055).
   */
  className?: string;
  children: ReactNode;
};

type Describable = ReactElement<{ 'aria-describedby'?: string }>;

export const Field = ({ label, htmlFor, error, hint, className, children }: FieldProps) => {
  const hintId = hint ? `${htmlFor}-hint` : undefined;
  const errorId = error ? `${htmlFor}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  // Screen readers read the hint and the error with the control, not only where they sit.
  const control =
    describedBy && isValidElement(children)
      ? cloneElement(children as Describable, {
          'aria-describedby': [(children as Describable).props['aria-describedby'], describedBy]
            .filter(Boolean)
            .join(' '),
        })
      : children;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={htmlFor} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {control}
      {hint && (
        <p id={hintId} className="text-xs leading-relaxed text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
};
