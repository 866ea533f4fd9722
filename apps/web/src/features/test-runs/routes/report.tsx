import { PageFrame } from '../../../components/layout/page';
import { useState } from 'react';
import { PenLine, Play, Printer } from 'lucide-react';
import { Link } from 'react-router';
import type { TestRun } from '@portal/contract/test-runs';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/use-page-title';
import { Markdown } from '../../test-plans/components/markdown';
import { Attachments } from '../components/attachments';
import { ResultsBar, ResultsLegend } from '../components/results-bar';
import { PlanBackLink } from '../components/plan-back-link';
import { RunLoader } from '../components/run-loader';
import { SignOffDialog } from '../components/sign-off-dialog';
import { DateTime } from '../../../components/ui/date-time';
import { RESULT_COLORS, RESULT_LABELS, STATUS_COLORS, STATUS_LABELS } from '../lib/labels';

type Result = TestRun['results'][number];

/** The signature's box, where focus lands after signing. */
const SIGN_OFF_ID = 'run-sign-off';

/** Consecutive results of the same flow, as the run copied them. */
const byFlow = (results: Result[]) => {
  const groups: { flow: string; results: Result[] }[] = [];
  for (const result of results) {
    const last = groups.at(-1);
    if (last && last.flow === result.flow_name) last.results.push(result);
    else groups.push({ flow: result.flow_name, results: [result] });
  }
  return groups;
};

const Report = ({ run }: { run: TestRun }) => {
  usePageTitle(`${run.name} · Test run report`);
  const session = useSession();
  const [signing, setSigning] = useState(false);
  // Only the client signs (never staff, nor staff acting as a client user).
  const canSign =
    run.status === 'completed' &&
    Boolean(session.user) &&
    !session.isSuperuser &&
    !session.impersonating;

  return (
    <PageFrame width="column" className="print:max-w-none print:p-0">
      <header className="mb-6 flex flex-col gap-4">
        <PlanBackLink milestone={run.milestone} className="self-start print:hidden" />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
              {run.name} report
            </h1>
            <Badge color={STATUS_COLORS[run.status]}>{STATUS_LABELS[run.status]}</Badge>
          </div>
          <div className="flex flex-wrap gap-2 print:hidden">
            {run.status === 'in_progress' && (
              <Button variant="secondary" asChild>
                <Link to={`/test-runs/${run.id}`}>
                  <Play aria-hidden />
                  Continue run
                </Link>
              </Button>
            )}
            <Button variant="secondary" onClick={() => window.print()}>
              <Printer aria-hidden />
              Print
            </Button>
            {canSign && (
              <Button onClick={() => setSigning(true)}>
                <PenLine aria-hidden />
                Sign off
              </Button>
            )}
          </div>
        </div>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm text-slate-600 sm:grid-cols-2">
          <div>
            <dt className="inline font-medium text-slate-700">Started: </dt>
            <dd className="inline">
              <DateTime value={run.started_at} display="dateTime" />
            </dd>
          </div>
          {run.completed_at && (
            <div>
              <dt className="inline font-medium text-slate-700">Completed: </dt>
              <dd className="inline">
                <DateTime value={run.completed_at} display="dateTime" />
              </dd>
            </div>
          )}
        </dl>
        <div className="flex flex-col gap-2">
          <ResultsBar summary={run.summary} className="h-3" />
          <ResultsLegend summary={run.summary} />
        </div>
        {run.signed_off_at && (
          <div
            id={SIGN_OFF_ID}
            role="status"
            tabIndex={-1}
            className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 focus:outline-2 focus:outline-offset-2 focus:outline-brand-500"
          >
            <p>
              Signed off by <strong>{run.signature_name}</strong> on{' '}
              <DateTime value={run.signed_off_at} display="dateTime" />
            </p>
            {run.sign_off_note && (
              <p className="mt-1 whitespace-pre-wrap text-emerald-800">{run.sign_off_note}</p>
            )}
          </div>
        )}
      </header>

      <div className="flex flex-col gap-6">
        {byFlow(run.results).map((group) => (
          <section
            key={`${group.flow}-${group.results[0]?.id}`}
            aria-label={group.flow}
            className="rounded-lg border border-slate-200 bg-white shadow-sm print:break-inside-avoid-page print:shadow-none"
          >
            <h2 className="border-b border-slate-100 px-4 py-2.5 text-base font-semibold text-slate-900">
              {group.flow}
            </h2>
            <ol className="divide-y divide-slate-100">
              {group.results.map((result) => (
                <li
                  key={result.id}
                  data-result={result.result}
                  className="grid grid-cols-[2.5rem_minmax(0,1fr)_auto] gap-x-3 px-4 py-3 print:break-inside-avoid"
                >
                  <span className="text-sm text-slate-500 tabular-nums">{result.order + 1}.</span>
                  <div className="flex min-w-0 flex-col gap-2">
                    <Markdown className="text-sm text-slate-800">
                      {result.step_description}
                    </Markdown>
                    {result.note && (
                      <p className="border-l-2 border-slate-200 pl-3 text-sm whitespace-pre-wrap text-slate-600">
                        {result.note}
                      </p>
                    )}
                    <Attachments attachments={result.attachments} />
                  </div>
                  <Badge color={RESULT_COLORS[result.result]} className="self-start">
                    {RESULT_LABELS[result.result]}
                  </Badge>
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
      {canSign && (
        <SignOffDialog
          run={run}
          open={signing}
          onOpenChange={setSigning}
          // Signing replaces the Sign off button with the signature: focus goes there.
          focusFallback={() => document.getElementById(SIGN_OFF_ID)}
        />
      )}
    </PageFrame>
  );
};

/** The run report (/test-runs/{id}/report): every step, printable, and the client's sign-off. */
export const TestRunReportRoute = () => <RunLoader>{(run) => <Report run={run} />}</RunLoader>;
