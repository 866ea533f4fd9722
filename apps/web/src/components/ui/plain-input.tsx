import type { ComponentProps } from 'react';
import { clsx } from 'clsx';

export type InputProps = ComponentProps<'input'> & { invalid?: boolean };

/**
 * The look every text control shares (inputs, selects, text areas, the date picker). Its classes
 * never conflict (`plain-input.test.tsx`), so they are joined; the controls merge their own and a
 * caller's over them with `cn`.
 */
export const controlClasses = (invalid?: boolean): string =>
  clsx(
    'block w-full rounded-md border bg-white px-3 text-sm text-slate-900 shadow-xs transition-colors',
    'placeholder:text-slate-400 focus:outline-none focus-visible:ring-3 focus-visible:outline-none',
    'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
    invalid
      ? 'border-red-500 focus-visible:border-red-500 focus-visible:ring-red-500/20'
      : 'border-slate-300 hover:border-slate-400 focus-visible:border-brand-500 focus-visible:ring-brand-500/20',
  );

/** An input's own classes: the control's, its height, and the look of a file input's button. */
export const inputBaseClasses = (invalid?: boolean): string =>
  clsx(
    controlClasses(invalid),
    'h-9 py-1.5',
    'file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium',
  );

/** An input with exactly the classes it is given, marked invalid for screen readers. */
export const InputElement = ({ invalid, type = 'text', ...props }: InputProps) => (
  <input type={type} aria-invalid={invalid || undefined} {...props} />
);

/**
 * `Input` for the screens a visitor opens first, as `PlainButton` is `Button`'s: a caller's
 * `className` is joined to the input's classes, not merged with tailwind-merge, so it may add
 * (a margin) but not restyle (another width or padding needs `Input`).
 */
export const PlainInput = ({ invalid, className, ...props }: InputProps) => (
  <InputElement
    invalid={invalid}
    className={clsx(inputBaseClasses(invalid), className)}
    {...props}
  />
);
