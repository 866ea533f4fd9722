import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

export const Card = ({ className, ...props }: ComponentProps<'section'>) => (
  <section
    className={cn('rounded-lg border border-slate-200 bg-white shadow-sm', className)}
    {...props}
  />
);

export type CardHeaderProps = Omit<ComponentProps<'header'>, 'title'> & {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
};

export const CardHeader = ({
  title,
  description,
  actions,
  className,
  ...props
}: CardHeaderProps) => (
  <header
    className={cn(
      'flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-slate-200 px-5 py-3.5',
      className,
    )}
    {...props}
  >
    <div className="min-w-0">
      <h2 className="text-[15px] font-semibold text-slate-900">{title}</h2>
      {description && <p className="mt-0.5 text-sm text-slate-500">{description}</p>}
    </div>
    {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
  </header>
);

export const CardBody = ({ className, ...props }: ComponentProps<'div'>) => (
  <div className={cn('px-5 py-4', className)} {...props} />
);
