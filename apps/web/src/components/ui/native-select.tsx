import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from './cn';
import { controlClasses } from './input';

export type NativeSelectProps = ComponentProps<'select'> & { invalid?: boolean };

/**
 * The browser's own select in the control style. For short fixed lists (statuses, phases,
 * projects) it needs no popover, and the native one is the most accessible on phones and to
 * screen readers. `className` sizes the wrapper.
 */
export const NativeSelect = ({ invalid, className, children, ...props }: NativeSelectProps) => (
  <div className={cn('relative', className)}>
    <select
      aria-invalid={invalid || undefined}
      className={cn(
        controlClasses(invalid),
        'h-9 cursor-pointer appearance-none py-1.5 pr-9 disabled:cursor-not-allowed',
      )}
      {...props}
    >
      {children}
    </select>
    <ChevronDown
      aria-hidden
      className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400"
    />
  </div>
);
