import { PageFrame } from '../../../components/layout/page';
import {
  useCallback,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  Ban,
  Check,
  ChevronLeft,
  ChevronRight,
  FileText,
  ImagePlus,
  SkipForward,
  X,
} from 'lucide-react';
import { Link, Navigate, useNavigate } from 'react-router';
import {
  TEST_RUN_ATTACHMENT_TYPES,
  TEST_RUN_LIMITS,
  type TestResult,
  type TestRun,
} from '@portal/contract/test-runs';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { errorMessages, toastError } from '../../../lib/errors';
import { usePageTitle } from '../../../lib/use-page-title';
import { Markdown } from '../../test-plans/components/markdown';
import {
  useCompleteRun,
  useRecordResult,
  useUploadAttachment,
  type ResultChange,
} from '../api/runs';
import { Attachments } from '../components/attachments';
import { ResultsBar } from '../components/results-bar';
import { PlanBackLink } from '../components/plan-back-link';
import { RunLoader } from '../components/run-loader';
import { nextUntested } from '../lib/navigation';
import { RESULT_COLORS, RESULT_LABELS } from '../lib/labels';

type Outcome = Exclude<TestResult, 'untested'>;

/** A failure or a block keeps the person on its step, for the note and the screenshot. */
const STAYS: ReadonlySet<Outcome> = new Set(['failed', 'blocked']);

/**
 * Where the runner is, and whether the person chose that step (N, ←, Previous, Next) rather
 * than being brought there: a key only changes a recorded result on a step the person chose.
 */
type Place = { index: number; chosen: boolean };

// Each outcome's classes are written out whole, not built from a colour name: Tailwind finds
// only class names that stand in the source, so the four entries look alike on purpose.
const OUTCOMES: { result: Outcome; key: string; label: string; icon: ReactNode; cls: string }[] = [
  {
    result: 'passed',
    key: 'P',
    label: 'Pass',
    icon: <Check aria-hidden />,
    cls: 'border-emerald-300 text-emerald-800 hover:bg-emerald-50 aria-pressed:bg-emerald-600 aria-pressed:text-white aria-pressed:border-emerald-600',
  },
  {
    result: 'failed',
    key: 'F',
    label: 'Fail',
    icon: <X aria-hidden />,
    cls: 'border-red-300 text-red-700 hover:bg-red-50 aria-pressed:bg-red-600 aria-pressed:text-white aria-pressed:border-red-600',
  },
  {
    result: 'blocked',
    key: 'B',
    label: 'Blocked',
    icon: <Ban aria-hidden />,
    cls: 'border-orange-300 text-orange-800 hover:bg-orange-50 aria-pressed:bg-orange-500 aria-pressed:text-white aria-pressed:border-orange-500',
  },
  {
    result: 'skipped',
    key: 'S',
    label: 'Skip',
    icon: <SkipForward aria-hidden />,
    cls: 'border-slate-300 text-slate-700 hover:bg-slate-50 aria-pressed:bg-slate-600 aria-pressed:text-white aria-pressed:border-slate-600',
  },
];

const ACCEPTED = new Set<string>(TEST_RUN_ATTACHMENT_TYPES);
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** A save that did not go through: what it carried stays on screen, with a way to try again. */
type Unsaved = { change: ResultChange; message: string };

const Kbd = ({ children }: { children: ReactNode }) => (
  <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-[11px] text-slate-700">
    {children}
  </kbd>
);

const Runner = ({ run }: { run: TestRun }) => {
  usePageTitle(`${run.name} · Test run`);
  const navigate = useNavigate();
  const record = useRecordResult(run.id);
  const upload = useUploadAttachment(run.id);
  const complete = useCompleteRun(run.id);
  const [place, setPlace] = useState<Place>(() => ({
    index: Math.max(0, nextUntested(run.results, -1)),
    chosen: false,
  }));
  const { index } = place;
  const [unsaved, setUnsaved] = useState<ReadonlyMap<number, Unsaved>>(() => new Map());
  const [confirming, setConfirming] = useState(false);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const results = run.results;
  const current = results[Math.min(index, results.length - 1)];
  const [note, setNote] = useState(current?.note ?? '');
  const [noteFor, setNoteFor] = useState(current?.id);
  // The note field shows the current step's note; moving on starts from the next one's.
  if (current && noteFor !== current.id) {
    setNoteFor(current.id);
    setNote(current.note);
  }

  const { mutate } = record;
  const save = useCallback(
    (change: ResultChange) =>
      mutate(change, {
        onSuccess: () =>
          setUnsaved((map) => {
            const next = new Map(map);
            next.delete(change.resultId);
            return next;
          }),
        onError: (error) =>
          setUnsaved((map) => {
            const earlier = map.get(change.resultId)?.change;
            const message = errorMessages(error)[0] ?? 'The change was not saved.';
            return new Map(map).set(change.resultId, {
              change: { ...earlier, ...change },
              message,
            });
          }),
      }),
    [mutate],
  );

  /** The person moves to another step. */
  const go = useCallback(
    (to: number) =>
      setPlace({ index: Math.max(0, Math.min(results.length - 1, to)), chosen: true }),
    [results.length],
  );

  /**
   * Records an outcome on the current step. Pass and Skip move on to the next untested step
   * (never to a recorded one; with none left the runner stays, and offers to complete the run);
   * Fail and Blocked stay. A key on a step that already has a result, which the runner brought
   * the person to, moves on without changing it: only a click or a step the person chose does.
   */
  const mark = useCallback(
    (result: Outcome, how: 'key' | 'click') => {
      if (!current) return;
      const noteChange = note !== current.note ? { note } : {};
      const keep = how === 'key' && !place.chosen && current.result !== 'untested';
      if (keep) {
        if ('note' in noteChange) save({ resultId: current.id, ...noteChange });
      } else {
        save({ resultId: current.id, result, ...noteChange });
        if (STAYS.has(result)) return setPlace({ index, chosen: true });
      }
      // This one counts as recorded now, whatever the server has answered yet.
      const marked = results.map((r) => (r.id === current.id && !keep ? { ...r, result } : r));
      const next = nextUntested(marked, index);
      setPlace({ index: next === -1 ? index : next, chosen: false });
    },
    [current, note, place.chosen, save, results, index],
  );

  const attach = useCallback(
    (files: Iterable<File>) => {
      if (!current) return;
      for (const file of files) {
        if (!ACCEPTED.has(file.type)) {
          toast.error(`${file.name || 'That file'} is not an image or a PDF.`);
          continue;
        }
        if (file.size > TEST_RUN_LIMITS.attachmentBytes) {
          toast.error(`${file.name || 'That file'} is larger than 10 MB.`);
          continue;
        }
        upload.mutate({ resultId: current.id, file }, { onError: toastError });
      }
    },
    [current, upload],
  );

  // Keys of the runner (shown on the page): P S record and move on, F B record and stay, N and
  // → / ← move. Listened to from the commit that shows the first step (a layout effect, before
  // the browser paints it), so a key pressed as soon as the step is seen is heard.
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (isTyping(event.target) || confirming) return;
    const outcome = OUTCOMES.find((o) => o.key.toLowerCase() === event.key.toLowerCase());
    // A held key repeats: it records once.
    if (outcome) {
      if (!event.repeat) mark(outcome.result, 'key');
    } else if (event.key === 'n' || event.key === 'N' || event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else return;
    event.preventDefault();
  });
  const onPaste = useEffectEvent((event: ClipboardEvent) => {
    const files = [...(event.clipboardData?.files ?? [])];
    if (files.length === 0) return;
    event.preventDefault();
    attach(files);
  });
  useLayoutEffect(() => {
    const key = (event: KeyboardEvent) => onKey(event);
    const paste = (event: ClipboardEvent) => onPaste(event);
    document.addEventListener('keydown', key);
    document.addEventListener('paste', paste);
    return () => {
      document.removeEventListener('keydown', key);
      document.removeEventListener('paste', paste);
    };
  }, []);

  if (!current) return <Navigate to={`/test-runs/${run.id}/report`} replace />;
  const recorded = run.summary.total - run.summary.untested;
  const failures = [...unsaved.entries()];

  return (
    <PageFrame width="column">
      <header className="mb-5">
        <PlanBackLink milestone={run.milestone} className="mb-2" />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{run.name}</h1>
          <div className="flex gap-2">
            <Button variant="secondary" asChild>
              <Link to={`/test-runs/${run.id}/report`}>
                <FileText aria-hidden />
                Report
              </Link>
            </Button>
            {/* Once every step has a result, the banner below offers it instead. */}
            {run.summary.untested > 0 && (
              <Button onClick={() => setConfirming(true)}>Complete run</Button>
            )}
          </div>
        </div>
        <div className="mt-4 flex flex-col gap-1.5">
          <p className="flex justify-between text-sm text-slate-600" aria-live="polite">
            <span>
              Step {index + 1} of {results.length}
            </span>
            <span>
              {recorded} of {results.length} recorded
            </span>
          </p>
          <ResultsBar summary={run.summary} />
        </div>
      </header>

      {run.summary.untested === 0 && (
        <div
          role="status"
          className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
        >
          <span>Every step has a result. Change any of them, or complete the run.</span>
          <Button size="sm" onClick={() => setConfirming(true)}>
            Complete run
          </Button>
        </div>
      )}

      {failures.length > 0 && (
        <div
          role="alert"
          className="mb-4 flex flex-col gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {failures.map(([resultId, { change, message }]) => {
            const step = results.findIndex((r) => r.id === resultId) + 1;
            return (
              <div key={resultId} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  Step {step} was not saved: {message} It is kept here.
                </span>
                <Button size="sm" variant="secondary" onClick={() => save(change)}>
                  Retry
                </Button>
              </div>
            );
          })}
        </div>
      )}

      <section
        aria-label={`Step ${index + 1}`}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          attach(event.dataTransfer.files);
        }}
        className={cn(
          'rounded-xl border bg-white p-5 shadow-sm transition-colors sm:p-6',
          dragging ? 'border-brand-400 ring-2 ring-brand-200' : 'border-slate-200',
        )}
      >
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-medium text-slate-500">{current.flow_name}</p>
          <div className="flex items-center gap-2">
            <Badge color="grey">{current.step_type}</Badge>
            <Badge color={RESULT_COLORS[current.result]}>{RESULT_LABELS[current.result]}</Badge>
          </div>
        </div>
        <Markdown className="text-lg text-slate-900">{current.step_description}</Markdown>

        <div
          className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4"
          role="group"
          aria-label="Result"
        >
          {OUTCOMES.map((o) => (
            <button
              key={o.result}
              type="button"
              aria-pressed={current.result === o.result}
              aria-keyshortcuts={o.key}
              onClick={() => mark(o.result, 'click')}
              className={cn(
                'flex h-16 cursor-pointer items-center justify-center gap-2 rounded-lg border-2 bg-white text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 [&_svg]:size-5',
                o.cls,
              )}
            >
              {o.icon}
              {o.label}
              <span className="sr-only"> (key {o.key})</span>
            </button>
          ))}
        </div>

        <div className="mt-5 flex flex-col gap-1.5">
          <label htmlFor="run-note" className="text-sm font-medium text-slate-700">
            Note
          </label>
          <Textarea
            id="run-note"
            rows={3}
            value={note}
            maxLength={TEST_RUN_LIMITS.note}
            placeholder="What happened? Paste or drop a screenshot anywhere on this step."
            onChange={(event) => setNote(event.target.value)}
            onBlur={() => {
              if (note !== current.note) save({ resultId: current.id, note });
            }}
          />
        </div>

        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Attachments attachments={current.attachments} />
          <Button
            variant="secondary"
            size="sm"
            loading={upload.isPending}
            onClick={() => fileInput.current?.click()}
          >
            <ImagePlus aria-hidden />
            Attach screenshot
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept={TEST_RUN_ATTACHMENT_TYPES.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-label="Screenshot file"
            onChange={(event) => {
              attach(event.target.files ?? []);
              event.target.value = '';
            }}
          />
        </div>

        <div className="mt-6 flex items-center justify-between border-t border-slate-100 pt-4">
          <Button variant="ghost" onClick={() => go(index - 1)} disabled={index === 0}>
            <ChevronLeft aria-hidden />
            Previous
          </Button>
          <Button
            variant="ghost"
            onClick={() => go(index + 1)}
            disabled={index >= results.length - 1}
          >
            Next
            <ChevronRight aria-hidden />
          </Button>
        </div>
      </section>

      <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
        <span>Keys:</span>
        <span>
          <Kbd>P</Kbd> pass
        </span>
        <span>
          <Kbd>F</Kbd> fail (stays for a note)
        </span>
        <span>
          <Kbd>B</Kbd> blocked (stays)
        </span>
        <span>
          <Kbd>S</Kbd> skip
        </span>
        <span>
          <Kbd>N</Kbd> next step
        </span>
        <span>
          <Kbd>←</Kbd> previous step
        </span>
      </p>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Complete run"
        message={
          run.summary.untested > 0
            ? `${run.summary.untested} of ${run.summary.total} steps are still untested. Complete the run anyway? Results can no longer be changed afterwards.`
            : 'Every step has a result. Results can no longer be changed afterwards.'
        }
        confirmLabel="Complete run"
        pending={complete.isPending}
        onConfirm={() =>
          complete.mutate(
            {},
            {
              onSuccess: (done) => void navigate(`/test-runs/${done.id}/report`),
              onError: (error) => {
                setConfirming(false);
                toastError(error);
              },
            },
          )
        }
      />
    </PageFrame>
  );
};

/** The runner (/test-runs/{id}): one step at a time; a run no longer in progress shows its report. */
export const TestRunRoute = () => (
  <RunLoader>
    {(run) =>
      run.status === 'in_progress' ? (
        <Runner run={run} />
      ) : (
        <Navigate to={`/test-runs/${run.id}/report`} replace />
      )
    }
  </RunLoader>
);
