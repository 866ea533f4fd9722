import type { ReactNode } from 'react';
import { ClipboardCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { TestRunListItem } from '@portal/contract/test-runs';
import { Page } from '../../../components/layout/page';
import { Badge } from '../../../components/ui/badge';
import { Card, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { textLink } from '../../../components/ui/text-link';
import { EmptyState, LoadError } from '../../projects/components/states';
import { useRunsAcross } from '../api/runs';
import { runLink } from '../components/milestone-runs';
import { ResultsBar } from '../components/results-bar';
import { STATUS_COLORS, STATUS_LABELS } from '../lib/labels';
import { DateTime } from '../../../components/ui/date-time';

/** One run: its name to open it, where it belongs, its results and its state. */
const RunRow = ({ run }: { run: TestRunListItem }) => (
  <li className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1.5 px-5 py-3 md:grid-cols-[minmax(0,1fr)_10rem_auto_auto]">
    <div className="min-w-0">
      <Link to={runLink(run)} className={textLink}>
        {run.where.milestone} · {run.name}
      </Link>
      <p className="mt-0.5 truncate text-xs text-slate-600">
        {run.where.client} ·{' '}
        <Link to={`/projects/${run.where.project.slug}`} className="hover:underline">
          {run.where.project.name}
        </Link>
      </p>
    </div>
    {/* Narrow: the name and the state on one line, the results under them. */}
    <Badge
      color={STATUS_COLORS[run.status]}
      className="justify-self-end md:col-start-3 md:row-start-1"
    >
      {STATUS_LABELS[run.status]}
    </Badge>
    <ResultsBar
      summary={run.summary}
      className="col-span-2 md:col-span-1 md:col-start-2 md:row-start-1"
    />
    <DateTime
      value={run.signed_off_at ?? run.completed_at ?? run.started_at}
      className="hidden text-right text-xs whitespace-nowrap text-slate-500 md:col-start-4 md:row-start-1 md:block"
    />
  </li>
);

const RunCard = ({
  title,
  runs,
  empty,
}: {
  title: string;
  runs: ReturnType<typeof useRunsAcross>;
  empty: ReactNode;
}) => (
  <Card aria-label={title}>
    <CardHeader title={title} />
    {runs.isPending ? (
      <div className="flex justify-center py-8">
        <Spinner label={`Loading ${title.toLowerCase()}`} />
      </div>
    ) : runs.isError ? (
      <div className="p-5">
        <LoadError what="the test runs" error={runs.error} onRetry={() => void runs.refetch()} />
      </div>
    ) : runs.data.length === 0 ? (
      <div className="p-5">{empty}</div>
    ) : (
      <ul className="divide-y divide-slate-100">
        {runs.data.map((run) => (
          <RunRow key={run.id} run={run} />
        ))}
      </ul>
    )}
  </Card>
);

/**
 * /test-runs (issue 25): the runs of every milestone the caller may see, those waiting for a
 * sign-off first, so a client finds what the studio asks of her without going through Home.
 */
export const TestRunsRoute = () => {
  const waiting = useRunsAcross('completed');
  const all = useRunsAcross(null);
  return (
    <Page title="Test runs">
      <div className="flex flex-col gap-6">
        <RunCard
          title="Waiting for sign-off"
          runs={waiting}
          empty={<p className="text-sm text-slate-600">No test run waits for a sign-off.</p>}
        />
        <RunCard
          title="All test runs"
          runs={all}
          empty={
            <EmptyState icon={ClipboardCheck} title="No test runs yet">
              Runs of your projects' test plans show here as acceptance testing starts.
            </EmptyState>
          }
        />
      </div>
    </Page>
  );
};
