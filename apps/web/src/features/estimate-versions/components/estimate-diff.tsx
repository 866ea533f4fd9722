import type { ReactNode } from 'react';
import type { EstimateDetail } from '@portal/contract/estimates';
import { diffEstimates, isEmptyDiff, type Change } from '../lib/diff';

const ChangeText = ({ change }: { change: Change }) => (
  <>
    {change.field}: <del className="text-red-700">{change.before || '(blank)'}</del> →{' '}
    <ins className="text-emerald-800 no-underline">{change.after || '(blank)'}</ins>
  </>
);

const Group = ({ title, children }: { title: string; children: ReactNode[] }) =>
  children.length === 0 ? null : (
    <div>
      <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h4>
      <ul className="mt-1 flex flex-col gap-1 text-sm text-slate-700">{children}</ul>
    </div>
  );

/** What changed between two estimates, grouped; "No changes" when there is nothing. */
export const EstimateDiff = ({
  before,
  after,
  title,
}: {
  before: EstimateDetail;
  after: EstimateDetail;
  title: string;
}) => {
  const diff = diffEstimates(before, after);
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {isEmptyDiff(diff) ? (
        <p className="text-sm text-slate-500">No changes.</p>
      ) : (
        <>
          <Group title="Estimate">
            {diff.estimateChanges.map((c) => (
              <li key={c.field}>
                <ChangeText change={c} />
              </li>
            ))}
          </Group>
          <Group title="Sections">
            {[
              ...diff.sectionsAdded.map((name, i) => <li key={`a${i}`}>Added section “{name}”</li>),
              ...diff.sectionsRemoved.map((name, i) => (
                <li key={`r${i}`}>Removed section “{name}”</li>
              )),
            ]}
          </Group>
          <Group title="Items">
            {[
              ...diff.itemsAdded.map((it, i) => (
                <li key={`a${i}`}>
                  Added “{it.description}” in {it.section}
                </li>
              )),
              ...diff.itemsRemoved.map((it, i) => (
                <li key={`r${i}`}>
                  Removed “{it.description}” from {it.section}
                </li>
              )),
              ...diff.itemsChanged.map((it, i) => (
                <li key={`c${i}`}>
                  Changed “{it.description}” in {it.section}
                  <ul className="ml-4 list-disc">
                    {it.changes.map((c) => (
                      <li key={c.field}>
                        <ChangeText change={c} />
                      </li>
                    ))}
                  </ul>
                </li>
              )),
            ]}
          </Group>
          <Group title="Totals">
            {diff.totals.map((c) => (
              <li key={c.field} className="tabular-nums">
                <ChangeText change={c} />
              </li>
            ))}
          </Group>
        </>
      )}
    </section>
  );
};
