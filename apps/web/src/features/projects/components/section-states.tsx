import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { LoadError } from './states';

/** A section's body: a spinner while loading, the error with a retry, else its content. */
export const SectionQuery = <T,>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  /** e.g. 'milestones': 'Loading milestones', 'Could not load the milestones.' */
  what: string;
  children(data: T): ReactNode;
}) => {
  if (query.isPending)
    return (
      <div className="flex justify-center px-5 py-8">
        <Spinner label={`Loading ${what}`} />
      </div>
    );
  if (query.isError)
    return (
      <div className="p-4">
        <LoadError what={`the ${what}`} error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  return <>{children(query.data)}</>;
};
