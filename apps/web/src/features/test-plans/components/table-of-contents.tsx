import { memo, useEffect, useState, type MouseEvent } from 'react';
import { cn } from '../../../components/ui/cn';
import { flowElementId } from '../lib/dom-ids';
import { currentFlow } from '../lib/toc';

export type TocEntry = { id: number; name: string; steps: number };

/** The part of the viewport whose flow counts as the one being read: below the top bar, upper 40 %. */
const BAND = '-80px 0px -60% 0px';

/**
 * The flow in view, followed with an IntersectionObserver over the flows' sections (spec §2):
 * the first one in plan order inside the band near the top of the viewport. Kept in this
 * component, so scrolling re-renders the table of contents only.
 */
const useFlowInView = (ids: readonly number[], rendered: boolean) => {
  const [inView, setInView] = useState<number | null>(null);
  // Observed again only when flows come, go or change places, not on every edit, and only once
  // the plan's flows are on the page.
  const key = rendered ? ids.join(',') : '';

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const order = key ? key.split(',').map(Number) : [];
    const inBand = new Set<number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = Number((entry.target as HTMLElement).dataset.flowId);
          if (entry.isIntersecting) inBand.add(id);
          else inBand.delete(id);
        }
        setInView((previous) => currentFlow(order, inBand, previous));
      },
      { rootMargin: BAND },
    );
    for (const id of order) {
      const element = document.getElementById(flowElementId(id));
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [key]);

  return inView;
};

export type TableOfContentsProps = {
  id: string;
  entries: readonly TocEntry[];
  /** Whether the plan's flows are on the page yet (the table of contents comes first). */
  rendered: boolean;
  /** The flow named by `?flow=`: it is the current one until the query is cleared (on scroll). */
  pinned: number | null;
  onSelect(flowId: number): void;
  onAddFlow(): void;
  className?: string;
};

/** The plan's flows as links; the current one in bold (spec §2 "table-of-contents sidebar"). */
export const TableOfContents = memo(function TableOfContents({
  id,
  entries,
  rendered,
  pinned,
  onSelect,
  onAddFlow,
  className,
}: TableOfContentsProps) {
  const inView = useFlowInView(
    entries.map((entry) => entry.id),
    rendered,
  );
  const current = pinned !== null && entries.some((entry) => entry.id === pinned) ? pinned : inView;

  const select = (event: MouseEvent<HTMLAnchorElement>, flowId: number) => {
    // A plain click stays on the page; a modified one opens the link as the browser does.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
      return;
    event.preventDefault();
    onSelect(flowId);
  };

  return (
    <nav id={id} aria-label="Table of contents" className={cn('flex flex-col', className)}>
      <p className="px-3 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Flows
      </p>
      {entries.length === 0 ? (
        <p className="px-3 py-1 text-sm text-slate-500">No flows yet.</p>
      ) : (
        <ol className="flex flex-col gap-0.5">
          {entries.map((entry, index) => {
            const active = entry.id === current;
            return (
              <li key={entry.id}>
                <a
                  href={`?flow=${entry.id}`}
                  aria-current={active ? 'location' : undefined}
                  onClick={(event) => select(event, entry.id)}
                  className={cn(
                    'flex items-baseline gap-2 rounded-md px-3 py-1.5 text-sm transition-colors',
                    'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500',
                    active
                      ? 'bg-brand-50 font-bold text-brand-700'
                      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                  )}
                >
                  <span aria-hidden className="w-5 shrink-0 text-right text-xs tabular-nums">
                    {index + 1}.
                  </span>
                  <span className="min-w-0 flex-1 break-words">{entry.name}</span>
                  {/* slate-600: on the current entry's brand-50 tint slate-500 fell under AA's
                      4.5:1 (Lighthouse's color-contrast, decision 0055). */}
                  <span aria-hidden className="text-xs font-normal text-slate-600 tabular-nums">
                    {entry.steps}
                  </span>
                </a>
              </li>
            );
          })}
        </ol>
      )}
      <button
        type="button"
        onClick={onAddFlow}
        className="mt-2 flex items-center gap-1.5 rounded-md px-3 py-1.5 text-left text-sm font-medium text-brand-600 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500"
      >
        {/* Spec §2 names it '+ Add flow'; it differs so from the 'Add flow' button below the plan. */}
        + Add flow
      </button>
    </nav>
  );
});
