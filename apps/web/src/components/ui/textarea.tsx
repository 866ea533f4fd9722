import type { ComponentProps } from 'react';
import { cn } from './cn';
import { controlClasses } from './input';

export type TextareaProps = ComponentProps<'textarea'> & { invalid?: boolean };

export const Textarea = ({ invalid, className, rows = 4, ...props }: TextareaProps) => (
  <textarea
    rows={rows}
    aria-invalid={invalid || undefined}
    className={cn(controlClasses(invalid), 'min-h-20 resize-y py-2 leading-relaxed', className)}
    {...props}
  />
);
