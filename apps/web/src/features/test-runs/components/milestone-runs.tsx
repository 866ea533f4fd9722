import { BadgeCheck, Play } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import type { TestRunListItem } from '@portal/contract/test-runs';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toastError } from '../../../lib/errors';
import { LoadError } from '../../projects/components/states';
import { useRuns, useStartRun } from '../api/runs';
import { STATUS_COLORS, STATUS_LABELS } from '../lib/labels';
import { DateTime } from '../../../components/ui/date-time';
import { ResultsBar } from './results-bar';

/** Where a run opens: the runner while in progress, the report after. */
export const runLink = (run: Pick<TestRunListItem, 'id' | 'status'>) =>
  run.status === 'in_progress' ? `/test-runs/${run.id}` : `/test-runs/${run.id}/report`;

/** "Signed off by … on …" of the milestone's latest signed-off run, if any. */
export const SignOffLine = ({ run }: { run: TestRunListItem }) =>
  run.signed_off_at ? (
    <p className="flex items-center gap-1.5 text-sm text-emerald-800">
      <BadgeCheck aria-hidden className="size-4 shrink-0" />
      <span>
        Signed off by <strong className="font-semibold">{run.signature_name}</strong> on{' '}
        <DateTime value={run.signed_off_at} display="date" />
      </span>
    </p>
  ) : null;

const RunRow = ({ run }: { run: TestRunListItem }) => (
  <li>
    <Link
      to={runLink(run)}
      className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1.5 rounded-md px-3 py-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500 sm:grid-cols-[minmax(0,12rem)_auto_minmax(0,1fr)_auto]"
    >
      <span className="truncate text-sm font-medium text-slate-900">{run.name}</span>
      <Badge color={STATUS_COLORS[run.status]} className="justify-self-end sm:justify-self-start">
        {STATUS_LABELS[run.status]}
      </Badge>
      <ResultsBar summary={run.summary} className="col-span-2 sm:col-span-1" />
      <DateTime value={run.started_at} className="hidden text-xs text-slate-500 sm:block" />
    </Link>
  </li>
);

/** On the milestone's test plan page: start a run, the runs with their results, the sign-off. */
export const MilestoneRuns = ({
  milestoneId,
  canStart,
}: {
  milestoneId: number;
  canStart: boolean;
}) => {
  const runs = useRuns(milestoneId);
  const start = useStartRun(milestoneId);
  const navigate = useNavigate();
  const signed = runs.data?.find((run) => run.status === 'signed_off');

  return (
    <section
      aria-labelledby="test-runs-heading"
      className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="test-runs-heading" className="text-base font-semibold text-slate-900">
            Test runs
          </h2>
          {signed && <SignOffLine run={signed} />}
        </div>
        <Button
          onClick={() =>
            start.mutate(undefined, {
              onSuccess: (run) => void navigate(`/test-runs/${run.id}`),
              onError: toastError,
            })
          }
          loading={start.isPending}
          disabled={!canStart}
          title={canStart ? undefined : 'Add steps to the plan first'}
        >
          <Play aria-hidden />
          Start test run
        </Button>
      </div>
      {runs.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label="Loading test runs" size="sm" />
        </div>
      ) : runs.isError ? (
        <LoadError what="the test runs" error={runs.error} onRetry={() => void runs.refetch()} />
      ) : runs.data.length === 0 ? (
        <p className="text-sm text-slate-500">
          No runs yet. A run records a result for every step of this plan, and the client signs it
          off.
        </p>
      ) : (
        <ul aria-label="Test runs" className="-mx-3 flex flex-col">
          {runs.data.map((run) => (
            <RunRow key={run.id} run={run} />
          ))}
        </ul>
      )}
    </section>
  );
};
