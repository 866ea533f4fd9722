import { useId, useState } from 'react';
import { ChevronDown, FileCheck2, X } from 'lucide-react';
import type { CanvasImportResponse } from '@portal/contract/canvas-import';
import { cn } from '../../../components/ui/cn';
import { importDetails, importTitle } from '../lib/sql-import';

const heading = 'text-[11px] font-semibold tracking-wider text-slate-500 uppercase';

const Names = ({ title, names }: { title: string; names: string[] }) =>
  names.length === 0 ? null : (
    <section>
      <h3 className={heading}>
        {title} ({names.length})
      </h3>
      <p className="mt-0.5 break-words text-slate-700">{names.join(', ')}</p>
    </section>
  );

/**
 * What the last import did, under the toolbar until closed: one line, opened for the models
 * added and updated, every statement skipped with its line, and the notes (a foreign key that
 * could not be drawn…). The toast says the first line; this keeps the rest to read.
 */
export const ImportSummary = ({
  answer,
  onClose,
}: {
  answer: CanvasImportResponse;
  onClose(): void;
}) => {
  // Open at first when there is something to read beyond the counts.
  const [expanded, setExpanded] = useState(answer.notes.length > 0);
  const bodyId = useId();
  return (
    <section
      aria-label="Import summary"
      className="w-80 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white text-xs shadow-md"
    >
      <div className="flex items-start gap-1 p-1.5">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={bodyId}
          className="flex min-w-0 flex-1 cursor-pointer items-start gap-2 rounded-md px-1.5 py-1 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500"
          onClick={() => setExpanded((open) => !open)}
        >
          <FileCheck2 aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
          <span className="min-w-0 flex-1">
            <span className="block font-semibold text-slate-800">{importTitle(answer)}</span>
            <span className="block text-slate-500">{importDetails(answer)}</span>
          </span>
          <ChevronDown
            aria-hidden
            className={cn(
              'mt-0.5 size-4 shrink-0 text-slate-400 transition-transform',
              expanded && 'rotate-180',
            )}
          />
        </button>
        <button
          type="button"
          aria-label="Close the import summary"
          title="Close"
          className="inline-flex size-7 shrink-0 cursor-pointer items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-brand-500"
          onClick={onClose}
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
      {expanded && (
        <div
          id={bodyId}
          className="flex max-h-72 flex-col gap-2.5 overflow-y-auto border-t border-slate-100 px-3 py-2.5"
        >
          <Names title="Added" names={answer.created} />
          <Names title="Updated" names={answer.updated} />
          {answer.notes.length > 0 && (
            <section>
              <h3 className={heading}>Notes ({answer.notes.length})</h3>
              <ul className="mt-0.5 list-disc pl-4 text-slate-700">
                {answer.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </section>
          )}
          {answer.skipped.length > 0 && (
            <section>
              <h3 className={heading}>Skipped ({answer.skipped.length})</h3>
              <ul className="mt-0.5 flex flex-col gap-0.5 text-slate-700">
                {answer.skipped.map((statement, index) => (
                  <li key={index} className="flex gap-2">
                    <span className="w-14 shrink-0 text-slate-500 tabular-nums">
                      line {statement.line}
                    </span>
                    <span className="min-w-0 break-words">
                      <span className="font-mono text-[11px]">{statement.kind}</span>
                      {statement.name && <> {statement.name}</>}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </section>
  );
};
