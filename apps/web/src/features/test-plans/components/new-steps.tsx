import { useCallback, useRef, useState, type ReactNode } from 'react';
import { clsx } from 'clsx';
import { TEST_PLAN_LIMITS } from '@portal/contract/test-plans';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessages } from '../../../lib/errors';
import { useBeforeUnload } from '../../../lib/use-before-unload';
import { InlineEditor } from './inline-editor';
import { usePlanActions } from './plan-actions';
import { StepTypeLabel } from './step-row';

/**
 * A new step the person has written and the server has not yet taken: on its way, or refused
 * (`failed` holds why). It stays on screen, text and all, until it is saved or discarded.
 */
export type NewStep = { key: number; description: string; failed: string | null };

/** A message as a sentence, so that what follows it on the row reads as one. */
const sentence = (message: string) => (/[.!?]$/.test(message) ? message : `${message}.`);

/**
 * The new steps of one flow (decision 0059). Enter hands the text over and the editor is empty
 * for the next step at once, so nothing typed while a step saves is lost; the steps are sent in
 * the order they were written (the create mutation is scoped), and a refused one
 * stays with its reason, to retry or discard. Leaving the page while one is unsaved asks first.
 */
export const useNewSteps = (flowId: number) => {
  const { createStep } = usePlanActions();
  const [steps, setSteps] = useState<readonly NewStep[]>([]);
  const nextKey = useRef(0);

  const send = useCallback(
    (step: NewStep) => {
      // Last in the list: it is saved after every step sent before it.
      setSteps((list) => [...list.filter((s) => s.key !== step.key), { ...step, failed: null }]);
      createStep(flowId, step.description).then(
        () => setSteps((list) => list.filter((s) => s.key !== step.key)),
        (error: unknown) => {
          const failed = errorMessages(error).map(sentence).join(' ');
          setSteps((list) => list.map((s) => (s.key === step.key ? { ...s, failed } : s)));
        },
      );
    },
    [createStep, flowId],
  );
  const add = useCallback(
    (description: string) => send({ key: nextKey.current++, description, failed: null }),
    [send],
  );
  const discard = useCallback(
    (key: number) => setSteps((list) => list.filter((s) => s.key !== key)),
    [],
  );

  useBeforeUnload(steps.length > 0);

  // On their way first, numbered where they will land; refused ones after them.
  const saving = steps.filter((step) => step.failed === null);
  const refused = steps.filter((step) => step.failed !== null);
  return { saving, refused, add, retry: send, discard };
};

/** The row's leading columns, as a step row has them: the grip's place and the number. */
const Lead = ({ number, className }: { number: number | null; className: string }) => (
  <>
    <span className="size-8 shrink-0" aria-hidden />
    <span
      aria-hidden
      className={clsx(
        className,
        'w-6 shrink-0 text-right text-sm font-medium text-slate-500 tabular-nums',
      )}
    >
      {number !== null && `${number}.`}
    </span>
  </>
);

/**
 * After Retry or Discard the pressed button is gone: focus goes to where the person adds steps,
 * the open editor or Add step of the same flow, not to the top of the page.
 */
const focusAddingIn = (list: HTMLElement | null) =>
  requestAnimationFrame(() =>
    list
      ?.closest('section')
      ?.querySelector<HTMLElement>('[data-step-draft] textarea, [data-add-step]')
      ?.focus(),
  );

/** One new step: its number (none when refused), its text, and what is happening to it. */
const NewStepRow = ({
  step,
  number,
  children,
}: {
  step: NewStep;
  number: number | null;
  children: ReactNode;
}) => (
  <li
    aria-label={number === null ? 'New step not saved' : `New step ${number}`}
    className="flex items-start gap-2 py-2 pr-2 pl-1 sm:pr-3"
  >
    <Lead number={number} className="mt-0.5" />
    <StepTypeLabel type="VERIFY" className="max-sm:hidden" />
    <div className="flex min-w-0 flex-1 flex-col items-start gap-1.5">
      <p className="text-sm break-words whitespace-pre-wrap text-slate-500">{step.description}</p>
      {children}
    </div>
  </li>
);

/**
 * The flow's new steps after its saved ones. Those on their way first, numbered where they will
 * land (they are saved in this order); then the refused ones, unnumbered until retried, each with
 * its reason, Retry and Discard.
 */
export const NewStepRows = ({
  saving,
  refused,
  firstNumber,
  onRetry,
  onDiscard,
  className,
}: {
  saving: readonly NewStep[];
  refused: readonly NewStep[];
  /** The number the first of them will have: the flow's step count + 1. */
  firstNumber: number;
  onRetry(step: NewStep): void;
  onDiscard(key: number): void;
  className?: string;
}) => {
  const list = useRef<HTMLOListElement>(null);
  if (saving.length + refused.length === 0) return null;
  return (
    <ol
      ref={list}
      aria-label="New steps not saved yet"
      className={clsx('divide-y divide-slate-100', className)}
    >
      {saving.map((step, index) => (
        <NewStepRow key={step.key} step={step} number={firstNumber + index}>
          <Spinner size="sm" label="Saving…" />
        </NewStepRow>
      ))}
      {refused.map((step) => (
        <NewStepRow key={step.key} step={step} number={null}>
          <p role="alert" className="text-sm text-red-700">
            Not saved: {step.failed} It is kept here.
          </p>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                onRetry(step);
                focusAddingIn(list.current);
              }}
            >
              Retry
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                onDiscard(step.key);
                focusAddingIn(list.current);
              }}
            >
              Discard
            </Button>
          </div>
        </NewStepRow>
      ))}
    </ol>
  );
};

/**
 * A new step at the end of a flow: created as VERIFY (spec §4) once its text is saved; an empty
 * one is not created. Enter hands the text to `onAdd` and the editor clears for the next step at
 * once; leaving the editor hands it over and closes it.
 */
export const StepDraft = ({
  number,
  onAdd,
  onClose,
}: {
  number: number;
  onAdd(description: string): void;
  /** `refocus`: closed from the keyboard, so focus goes back to Add step (not the page top). */
  onClose(refocus: boolean): void;
}) => {
  const [round, setRound] = useState(0);
  return (
    <div data-step-draft className="flex items-start gap-2 py-2 pr-2 pl-1 sm:pr-3">
      <Lead number={number} className="mt-2" />
      <StepTypeLabel type="VERIFY" className="mt-1.5 max-sm:hidden" />
      <InlineEditor
        key={round}
        initial=""
        label="New step description"
        placeholder="Describe the step (Markdown)"
        multiline
        saveOnBlur
        maxLength={TEST_PLAN_LIMITS.stepDescription}
        hint="Enter adds the step, Shift+Enter starts a new line, Escape closes."
        onSave={(description, via) => {
          onAdd(description);
          if (via === 'blur') onClose(false);
          else setRound((n) => n + 1);
        }}
        onCancel={() => onClose(true)}
      />
    </div>
  );
};
