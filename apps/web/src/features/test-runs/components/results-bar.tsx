import type { TestResult, TestRunSummary } from '@portal/contract/test-runs';
import { cn } from '../../../components/ui/cn';
import { summaryText } from '../lib/labels';

const SEGMENTS: { kind: TestResult; className: string }[] = [
  { kind: 'passed', className: 'bg-emerald-500' },
  { kind: 'failed', className: 'bg-red-500' },
  { kind: 'blocked', className: 'bg-orange-400' },
  { kind: 'skipped', className: 'bg-slate-400' },
  { kind: 'untested', className: 'bg-slate-200' },
];

/** A run's results as one stacked bar; its accessible name spells the counts out. */
export const ResultsBar = ({
  summary,
  className,
}: {
  summary: TestRunSummary;
  className?: string;
}) => (
  <div
    role="img"
    aria-label={`Results: ${summaryText(summary)}`}
    title={summaryText(summary)}
    className={cn('flex h-2.5 w-full overflow-hidden rounded-full bg-slate-200', className)}
  >
    {summary.total > 0 &&
      SEGMENTS.map(({ kind, className: color }) =>
        summary[kind] > 0 ? (
          <span
            key={kind}
            className={cn('h-full print:border-r print:border-white', color)}
            style={{ width: `${(summary[kind] / summary.total) * 100}%` }}
          />
        ) : null,
      )}
  </div>
);

/** The counts under a bar, coloured like its segments. */
export const ResultsLegend = ({ summary }: { summary: TestRunSummary }) => (
  <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
    {SEGMENTS.map(({ kind, className: color }) => (
      <li key={kind} className="flex items-center gap-1.5">
        <span aria-hidden className={cn('size-2 rounded-full', color)} />
        {summary[kind]} {kind}
      </li>
    ))}
  </ul>
);
