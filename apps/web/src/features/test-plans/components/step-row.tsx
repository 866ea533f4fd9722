import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type RefObject,
} from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, Pencil, Trash2 } from 'lucide-react';
import { TEST_PLAN_LIMITS, type TestStep, type TestStepType } from '@portal/contract/test-plans';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { DragHandle } from '../../../components/ui/drag-handle';
import { otherStepType } from '../lib/plan-state';
import { stepDndId, type DndData } from './dnd-ids';
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

/** The type badge: a click switches INTERACT and VERIFY (spec §4). */
const TypeToggle = ({ step }: { step: TestStep }) => {
  const { updateStep } = usePlanActions();
  const next = otherStepType(step.type);
  return (
    <button
      type="button"
      aria-label={`Step type ${step.type}, switch to ${next}`}
      title={`Switch to ${next}`}
      onClick={() => updateStep(step, { description: step.description, type: next })}
      className="shrink-0 cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
    >
      <StepTypeLabel type={step.type} />
    </button>
  );
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
        className="mt-0.5 w-6 shrink-0 text-right text-sm font-medium text-slate-400 tabular-nums"
      >
        {number}.
      </span>
      <TypeToggle step={step} />
      <div
        className="min-w-0 flex-1 cursor-text text-sm text-slate-800"
        onClick={onTextClick}
        data-step-text
      >
        <Markdown>{step.description}</Markdown>
      </div>
      <div className="flex shrink-0 items-center opacity-100 transition-opacity sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-slate-400"
          aria-label="Edit step"
          onClick={onEdit}
        >
          <Pencil aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-slate-400 hover:bg-red-50 hover:text-red-600"
          aria-label="Delete step"
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
  flowId: number;
  /** 0-based position in its flow. */
  index: number;
  /** Whether its flow is on screen or near it: only then does the step take part in drag and drop. */
  live: boolean;
  /** While a flow is dragged, steps are no place to drop it. */
  dropDisabled: boolean;
};

type SortableGripProps = {
  row: RefObject<HTMLLIElement | null>;
  step: TestStep;
  flowId: number;
  index: number;
  dropDisabled: boolean;
  editing: boolean;
  onDragging(dragging: boolean): void;
};

/** Moves a row as dnd-kit says, straight on the element: the row itself does not render again. */
const setMotion = (element: HTMLElement | null, transform: string, transition: string) => {
  if (!element) return;
  element.style.transform = transform;
  element.style.transition = transition;
};

/**
 * The step's part in drag and drop: its grip, and the sortable behaviour of its row (node,
 * transform). A component of its own, mounted only while the step's flow is near the screen:
 * every sortable renders again with every move of a drag, and a plan has hundreds of steps.
 */
const SortableGrip = ({
  row,
  step,
  flowId,
  index,
  dropDisabled,
  editing,
  onDragging,
}: SortableGripProps) => {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({
    id: stepDndId(step.id),
    data: { type: 'step', stepId: step.id, flowId } satisfies DndData,
    disabled: { draggable: editing, droppable: dropDisabled },
  });

  useLayoutEffect(() => {
    setNodeRef(row.current);
    return () => setNodeRef(null);
  }, [row, setNodeRef]);

  useLayoutEffect(() => {
    setMotion(row.current, CSS.Translate.toString(transform) ?? '', transition ?? '');
  }, [row, transform, transition]);

  useEffect(() => {
    onDragging(isDragging);
  }, [isDragging, onDragging]);

  useEffect(() => () => setMotion(row.current, '', ''), [row]);

  return (
    <DragHandle
      label={`Move step ${index + 1}`}
      attributes={attributes}
      listeners={listeners}
      activatorRef={setActivatorNodeRef}
      dragging={isDragging}
      className={cn('-my-1', editing && 'invisible')}
    />
  );
};

/** The grip of a step far off screen: it looks the same and wakes up as the flow comes near. */
const StillGrip = ({ index, editing }: { index: number; editing: boolean }) => (
  <button
    type="button"
    aria-label={`Move step ${index + 1}`}
    data-drag-handle
    className={cn(
      'inline-flex size-8 shrink-0 cursor-grab items-center justify-center rounded-md text-slate-400 select-none',
      '-my-1 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500',
      editing && 'invisible',
    )}
  >
    <GripVertical aria-hidden className="size-4" />
  </button>
);

/** One step: number, type badge, Markdown text; edited in place, dragged by its grip. */
export const StepRow = memo(function StepRow({
  step,
  flowId,
  index,
  live,
  dropDisabled,
}: StepRowProps) {
  const { updateStep } = usePlanActions();
  const [editing, setEditing] = useState(false);
  const [dragging, setDragging] = useState(false);
  const edit = useCallback(() => setEditing(true), []);
  const row = useRef<HTMLLIElement>(null);

  return (
    <li
      ref={row}
      aria-label={`Step ${index + 1}`}
      className={cn(
        'group relative flex items-start gap-2 bg-white py-2 pr-2 pl-1 sm:pr-3',
        dragging && 'z-10 bg-brand-50/60 opacity-50',
      )}
    >
      {live ? (
        <SortableGrip
          row={row}
          step={step}
          flowId={flowId}
          index={index}
          dropDisabled={dropDisabled}
          editing={editing}
          onDragging={setDragging}
        />
      ) : (
        <StillGrip index={index} editing={editing} />
      )}
      {editing ? (
        <>
          <span
            aria-hidden
            className="mt-2 w-6 shrink-0 text-right text-sm font-medium text-slate-400 tabular-nums"
          >
            {index + 1}.
          </span>
          <StepTypeLabel type={step.type} className="mt-1.5" />
          <InlineEditor
            initial={step.description}
            label={`Step ${index + 1} description`}
            multiline
            saveOnBlur
            maxLength={TEST_PLAN_LIMITS.stepDescription}
            hint="Markdown. Enter saves, Shift+Enter starts a new line, Escape cancels."
            onSave={(description) => {
              setEditing(false);
              updateStep(step, { description, type: step.type });
            }}
            onCancel={() => setEditing(false)}
          />
        </>
      ) : (
        <StepBody step={step} number={index + 1} onEdit={edit} />
      )}
    </li>
  );
});

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
