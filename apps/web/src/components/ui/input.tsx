import type { ComponentProps } from 'react';
import { cn } from './cn';

export type InputProps = ComponentProps<'input'> & { invalid?: boolean };

export const controlClasses = (invalid?: boolean) =>
  cn(
    'block w-full rounded-md border bg-white px-3 text-sm text-slate-900 shadow-xs transition-colors',
    'placeholder:text-slate-400 focus:outline-none focus-visible:ring-3 focus-visible:outline-none',
    'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
    invalid
      ? 'border-red-500 focus-visible:border-red-500 focus-visible:ring-red-500/20'
      : 'border-slate-300 hover:border-slate-400 focus-visible:border-brand-500 focus-visible:ring-brand-500/20',
  );

export const Input = ({ invalid, className, type = 'text', ...props }: InputProps) => (
  <input
    type={type}
    aria-invalid={invalid || undefined}
    className={cn(
      controlClasses(invalid),
      'h-9 py-1.5',
      'file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium',
      className,
    )}
    {...props}
  />
);
