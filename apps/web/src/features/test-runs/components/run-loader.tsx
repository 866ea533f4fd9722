import type { ReactElement } from 'react';
import { useParams } from 'react-router';
import type { TestRun } from '@portal/contract/test-runs';
import { PageSpinner } from '../../../components/layout/page-spinner';
import { Page } from '../../../components/layout/page';
import { parseId } from '../../../lib/parse-id';
import { isNotFound, LoadError, NotFoundState } from '../../projects/components/states';
import { useRun } from '../api/runs';

/** The run of the route's `:runId`, with its loading, not-found and error screens. */
export const RunLoader = ({ children }: { children: (run: TestRun) => ReactElement }) => {
  const { runId } = useParams();
  const id = parseId(runId);
  const run = useRun(id ?? 0, id !== null);
  if (id === null || (run.isError && isNotFound(run.error)))
    return (
      <Page title="Test run not found">
        <NotFoundState
          title="This test run could not be found"
          message="It may have been deleted, or it belongs to a client you do not follow."
          backTo="/"
          backLabel="Go home"
        />
      </Page>
    );
  if (run.isError)
    return (
      <Page title="Test run">
        <LoadError what="the test run" error={run.error} onRetry={() => void run.refetch()} />
      </Page>
    );
  if (!run.data) return <PageSpinner label="Loading test run..." />;
  return children(run.data);
};
