import { PageFrame } from '../../../components/layout/page';
import type { ReactNode } from 'react';
import { CircleAlert, FileSearch, RotateCw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { ApiError } from '../../../lib/api';
import { errorMessages } from '../../../lib/errors';

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** A quiet placeholder: nothing here yet, and maybe how to add something. */
export const EmptyState = ({
  icon,
  title,
  children,
  action,
  className,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) => (
  <div className={cn('flex flex-col items-center px-6 py-10 text-center', className)}>
    {icon && (
      <span className="mb-3 flex size-11 items-center justify-center rounded-full bg-slate-100 text-slate-400 [&_svg]:size-5">
        {icon}
      </span>
    )}
    <p className="text-sm font-semibold text-slate-800">{title}</p>
    {children && <p className="mt-1 max-w-sm text-sm text-slate-500">{children}</p>}
    {action && <div className="mt-4">{action}</div>}
  </div>
);

/** A read that failed for another reason than "not found": what failed, why, and a retry. */
export const LoadError = ({
  what,
  error,
  onRetry,
  retrying,
  className,
}: {
  /** e.g. 'the estimates' */
  what: string;
  error: unknown;
  onRetry(): void;
  retrying?: boolean;
  className?: string;
}) => (
  <div
    role="alert"
    className={cn('flex flex-col items-center gap-3 px-6 py-12 text-center', className)}
  >
    <span className="flex size-11 items-center justify-center rounded-full bg-red-50 text-red-500">
      <CircleAlert aria-hidden className="size-5" />
    </span>
    <div>
      <p className="text-sm font-semibold text-slate-900">Could not load {what}.</p>
      <p className="mt-1 text-sm text-slate-500">{errorMessages(error).join(' ')}</p>
    </div>
    <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
      <RotateCw aria-hidden />
      Try again
    </Button>
  </div>
);

/** An estimate that does not exist, or that belongs to another client (the server says 404). */
export const EstimateNotFound = () => (
  <PageFrame width="column">
    <div className="flex flex-col items-center rounded-lg border border-slate-200 bg-white px-6 py-16 text-center shadow-sm">
      <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <FileSearch aria-hidden className="size-6" />
      </span>
      <h1 className="mt-4 text-lg font-semibold text-slate-900">Estimate not found</h1>
      <p className="mt-1 max-w-md text-sm text-slate-500">
        This estimate does not exist, or it is not shared with your account.
      </p>
      <Button asChild variant="secondary" className="mt-6">
        <Link to="/estimates">Back to Estimates</Link>
      </Button>
    </div>
  </PageFrame>
);
