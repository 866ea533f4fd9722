import { memo, useCallback, useState, type MouseEvent } from 'react';
import { ChevronDown, GripVertical, Pencil, Trash2 } from 'lucide-react';
import {
  TEST_PLAN_LIMITS,
  TEST_STEP_TYPES,
  type TestStep,
  type TestStepType,
} from '@portal/contract/test-plans';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { StillGrip } from '../../../components/ui/drag-handle';
import { stepElementId, stepGripSlotId } from '../lib/dom-ids';
import { slotRef } from '../../../components/ui/grip-slots';
import { InlineEditor } from './inline-editor';
import { Markdown } from './markdown';
import { usePlanActions } from './plan-actions';

const typeStyles: Record<TestStepType, string> = {
  INTERACT: 'bg-sky-50 text-sky-800 ring-sky-600/25 hover:bg-sky-100',
  VERIFY: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25 hover:bg-emerald-100',
};

export const StepTypeLabel = ({ type, className }: { type: TestStepType; className?: string }) => (
  <span
    className={cn(
      'inline-flex h-6 w-[4.75rem] shrink-0 items-center justify-center rounded-full text-[11px] font-semibold tracking-wide ring-1 ring-inset',
      typeStyles[type],
      className,
    )}
  >
    {type}
  </span>
);

/**
 * The step's type, changed on purpose: the badge is a select (INTERACT or VERIFY), so a stray
 * click no longer flips it as the old one-click toggle did (issue 19). Looks like the badge.
 */
const TypeSelect = ({ step, number }: { step: TestStep; number: number }) => {
  const { updateStep } = usePlanActions();
  return (
    <span className="relative inline-flex shrink-0">
      <select
        aria-label={`Type of step ${number}`}
        value={step.type}
        onChange={(event) => {
          const type = TEST_STEP_TYPES.find((candidate) => candidate === event.target.value);
          if (type && type !== step.type) updateStep(step, { type });
        }}
        className={cn(
          'h-6 w-[5.75rem] cursor-pointer appearance-none rounded-full pr-5 pl-2.5 text-[11px] font-semibold tracking-wide ring-1 ring-inset',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
          typeStyles[step.type],
        )}
      >
        {TEST_STEP_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-1.5 size-3 -translate-y-1/2 opacity-70"
      />
    </span>
  );
};

/** "Step 3: Fill the form": what a step's buttons name, its Markdown reduced to a short line. */
export const stepName = (number: number, description: string) => {
  const line = description
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>~-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const short = line.length > 40 ? `${line.slice(0, 39)}…` : line;
  return short ? `step ${number}: ${short}` : `step ${number}`;
};

/** The step's content: memoised, so a drag (which re-renders every sortable) skips the Markdown. */
const StepBody = memo(function StepBody({
  step,
  number,
  onEdit,
}: {
  step: TestStep;
  number: number;
  onEdit(): void;
}) {
  const { deleteStep } = usePlanActions();

  // A click on the text edits it, unless it follows a link or ends a text selection.
  const onTextClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('a')) return;
    if (window.getSelection()?.toString()) return;
    onEdit();
  };

  return (
    <>
      <span
        aria-hidden
        className="mt-0.5 w-6 shrink-0 text-right text-sm font-medium text-slate-500 tabular-nums"
      >
        {number}.
      </span>
      {/* Phones: the badge above the text, so the text keeps the width. */}
      <div className="flex min-w-0 flex-1 flex-col items-start gap-1 sm:flex-row sm:gap-2">
        <TypeSelect step={step} number={number} />
        <div
          className="w-full min-w-0 flex-1 cursor-text text-sm text-slate-800"
          onClick={onTextClick}
          data-step-text
        >
          <Markdown>{step.description}</Markdown>
        </div>
      </div>
      <div className="-my-1 flex shrink-0 flex-col items-center opacity-100 transition-opacity sm:my-0 sm:flex-row sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-slate-400"
          aria-label={`Edit ${stepName(number, step.description)}`}
          data-step-edit
          title="Edit step"
          onClick={onEdit}
        >
          <Pencil aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-slate-400 hover:bg-red-50 hover:text-red-600"
          aria-label={`Delete ${stepName(number, step.description)}`}
          title="Delete step"
          onClick={() => deleteStep(step)}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
    </>
  );
});

export type StepRowProps = {
  step: TestStep;
  /** 0-based position in its flow. */
  index: number;
};

/** A step's `order` and flow change with moves, but a row shows neither (its number is `index`). */
const sameStepRow = (a: StepRowProps, b: StepRowProps) =>
  a.index === b.index &&
  a.step.id === b.step.id &&
  a.step.description === b.step.description &&
  a.step.type === b.step.type;

/** One step: number, type badge, Markdown text; edited in place, dragged by its grip. */
export const StepRow = memo(function StepRow({ step, index }: StepRowProps) {
  const { updateStep } = usePlanActions();
  const [editing, setEditing] = useState(false);
  const edit = useCallback(() => setEditing(true), []);
  // Leaving the editor puts focus back on the step's Edit button, not on the page's top
  // (issue 19): the editor that held it is gone once the row shows the text again.
  const stopEditing = () => {
    setEditing(false);
    requestAnimationFrame(() =>
      document
        .getElementById(stepElementId(step.id))
        ?.querySelector<HTMLElement>('[data-step-edit]')
        ?.focus(),
    );
  };

  return (
    <li
      id={stepElementId(step.id)}
      aria-label={`Step ${index + 1}`}
      className={cn(
        'group relative flex items-start gap-2 bg-white py-2 pr-2 pl-1 sm:pr-3',
        // Set by the drag-and-drop layer (plan-dnd) on the step being dragged.
        'data-dragging:z-10 data-dragging:bg-brand-50/60 data-dragging:opacity-50',
      )}
    >
      <span
        id={stepGripSlotId(step.id)}
        ref={slotRef(stepGripSlotId(step.id))}
        className={cn('grip-slot -my-1 flex size-8 shrink-0', editing && 'invisible')}
      >
        <StillGrip />
      </span>
      {editing ? (
        <>
          <span
            aria-hidden
            className="mt-2 w-6 shrink-0 text-right text-sm font-medium text-slate-500 tabular-nums"
          >
            {index + 1}.
          </span>
          <StepTypeLabel type={step.type} className="mt-1.5 max-sm:hidden" />
          <InlineEditor
            initial={step.description}
            label={`Step ${index + 1} description`}
            multiline
            saveOnBlur
            maxLength={TEST_PLAN_LIMITS.stepDescription}
            hint="Markdown. Enter saves, Shift+Enter starts a new line, Escape cancels."
            onSave={(description, via) => {
              // A click elsewhere saved it: focus is where that click put it.
              if (via === 'blur') setEditing(false);
              else stopEditing();
              updateStep(step, { description });
            }}
            onCancel={stopEditing}
          />
        </>
      ) : (
        <StepBody step={step} number={index + 1} onEdit={edit} />
      )}
    </li>
  );
}, sameStepRow);

/** What follows the pointer while a step is dragged. */
export const StepDragPreview = ({ step }: { step: TestStep }) => (
  <div className="flex cursor-grabbing items-start gap-2 rounded-md border border-brand-200 bg-white px-2 py-2 text-sm shadow-xl ring-1 ring-brand-500/10">
    <span className="inline-flex size-8 shrink-0 items-center justify-center text-slate-500">
      <GripVertical aria-hidden className="size-4" />
    </span>
    <StepTypeLabel type={step.type} className="mt-1" />
    <span className="mt-1 line-clamp-2 min-w-0 flex-1 text-slate-800">{step.description}</span>
  </div>
);
