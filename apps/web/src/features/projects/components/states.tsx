import type { ComponentType, ReactNode } from 'react';
import { CircleAlert, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { ApiError } from '../../../lib/api';
import { errorMessages } from '../../../lib/errors';

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

type IconType = ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;

/** A quiet placeholder inside a card or table: nothing here yet, and maybe how to add some. */
export const EmptyState = ({
  icon: Icon,
  title,
  children,
  action,
  className,
}: {
  icon?: IconType;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) => (
  <div className={cn('flex flex-col items-center px-6 py-8 text-center', className)}>
    {Icon && (
      <span className="mb-3 flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-400">
        <Icon aria-hidden className="size-5" />
      </span>
    )}
    <p className="text-sm font-semibold text-slate-800">{title}</p>
    {children && <p className="mt-1 max-w-sm text-sm text-slate-500">{children}</p>}
    {action && <div className="mt-4">{action}</div>}
  </div>
);

/** A record the caller cannot see (or that does not exist): say so and offer a way back. */
export const NotFoundState = ({
  title,
  message,
  backTo,
  backLabel,
}: {
  title: string;
  message: string;
  backTo: string;
  backLabel: string;
}) => (
  <div className="flex flex-col items-center rounded-lg border border-slate-200 bg-white px-6 py-14 text-center shadow-sm">
    <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
      <SearchX aria-hidden className="size-6" />
    </span>
    <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
    <p className="mt-1 max-w-md text-sm text-slate-500">{message}</p>
    <Button asChild variant="secondary" className="mt-6">
      <Link to={backTo}>{backLabel}</Link>
    </Button>
  </div>
);

/** A read that failed for another reason than "not found": the message and a retry. */
export const LoadError = ({
  what,
  error,
  onRetry,
  className,
}: {
  /** e.g. 'the milestones' */
  what: string;
  error: unknown;
  onRetry(): void;
  className?: string;
}) => (
  <div
    role="alert"
    className={cn(
      'flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50/60 px-6 py-8 text-center',
      className,
    )}
  >
    <CircleAlert aria-hidden className="size-6 text-red-500" />
    <div>
      <p className="text-sm font-medium text-red-800">Could not load {what}.</p>
      <p className="mt-1 text-sm text-red-700">{errorMessages(error).join(' ')}</p>
    </div>
    <Button variant="secondary" size="sm" onClick={onRetry}>
      Try again
    </Button>
  </div>
);
