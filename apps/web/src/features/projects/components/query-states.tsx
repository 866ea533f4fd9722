import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { LoadError } from './states';

type QueryStateProps<T> = {
  query: UseQueryResult<T>;
  /** e.g. 'milestones': 'Loading milestones', 'Could not load the milestones.' */
  what: string;
  children(data: T): ReactNode;
};

/** A section's body (under a card's header): a spinner while loading, the error with a retry, else its content. */
export const SectionQuery = <T,>({ query, what, children }: QueryStateProps<T>) => {
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

/**
 * A page's main content (a list page's table, say): a card with a spinner while loading, the
 * error with a retry, else the content.
 */
export const PageQuery = <T,>({ query, what, children }: QueryStateProps<T>) => {
  if (query.isPending)
    return (
      <Card className="flex justify-center py-16">
        <Spinner label={`Loading ${what}`} />
      </Card>
    );
  if (query.isError)
    return (
      <LoadError what={`the ${what}`} error={query.error} onRetry={() => void query.refetch()} />
    );
  return <>{children(query.data)}</>;
};
