import type { ReactNode } from 'react';
import { cn } from '../../../components/ui/cn';
import { useSession } from '../../../lib/auth';
import { estimateTotals, formatRange } from '../lib/hours';
import type { EstimateTotals } from '../lib/hours';

const Figure = ({
  label,
  value,
  detail,
  strong = false,
}: {
  label: string;
  value: string;
  detail?: ReactNode;
  strong?: boolean;
}) => (
  <div
    className={cn(
      'flex flex-col gap-1 px-5 py-4 print:px-0',
      strong && 'bg-brand-50/60 print:bg-transparent',
    )}
  >
    <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
    <dd
      className={cn(
        'text-2xl font-semibold tracking-tight text-slate-900 tabular-nums',
        strong && 'text-brand-700 print:text-slate-900',
      )}
    >
      {value}
    </dd>
    {detail && <dd className="text-xs text-slate-600 tabular-nums">{detail}</dd>}
  </div>
);

/**
 * Spec §2 Total block: Hours, Safe modifier and Hours (Safe), 2 decimals, exact. "Safe" is the
 * studio's word: a client reads "contingency" (issue 25).
 */
export const EstimateTotal = ({ estimate }: { estimate: Parameters<typeof estimateTotals>[0] }) => {
  const forClient = !useSession().isSuperuser;
  const totals: EstimateTotals = estimateTotals(estimate);
  const ranged = totals.hours.low !== totals.hours.high;
  return (
    <section
      aria-labelledby="estimate-total"
      className="estimate-total overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm print:rounded-none print:border-x-0 print:border-b-0 print:border-t-2 print:border-slate-800 print:shadow-none"
    >
      <h2
        id="estimate-total"
        className="border-b border-slate-200 px-5 py-3.5 text-[15px] font-semibold text-slate-900 print:border-0 print:px-0 print:pb-0"
      >
        Total
      </h2>
      <dl className="grid divide-slate-200 sm:grid-cols-3 sm:divide-x max-sm:divide-y print:grid-cols-3 print:divide-x-0">
        <Figure
          label="Hours"
          value={totals.hours.high}
          detail={ranged ? `Range ${formatRange(totals.hours)}` : undefined}
        />
        <Figure
          label={forClient ? 'Contingency' : 'Safe modifier'}
          value={totals.modifier}
          detail="× hours"
        />
        <Figure
          label={forClient ? 'Hours with contingency' : 'Hours (Safe)'}
          value={totals.safe.high}
          detail={ranged ? `Range ${formatRange(totals.safe)}` : undefined}
          strong
        />
      </dl>
    </section>
  );
};
