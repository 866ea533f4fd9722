import { memo, useEffect, useRef, useState } from 'react';
import {
  ArrowDown,
  ArrowUp,
  ChevronRight,
  GripVertical,
  ListPlus,
  Pencil,
  Plus,
  Trash2,
} from 'lucide-react';
import { TEST_PLAN_LIMITS, type TestFlow } from '@portal/contract/test-plans';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { flowElementId, flowGripSlotId, flowRowId, flowStepsId } from '../lib/dom-ids';
import { slotRef } from '../../../components/ui/grip-slots';
import { InlineEditor } from './inline-editor';
import { NewStepRows, StepDraft, useNewSteps } from './new-steps';
import { usePlanActions } from './plan-actions';
import { StepRow } from './step-row';

const iconButton = 'size-8 text-slate-500';

const stepsLabel = (n: number) => `${n} ${n === 1 ? 'step' : 'steps'}`;

export type FlowCardProps = {
  flow: TestFlow;
  isFirst: boolean;
  isLast: boolean;
  collapsed: boolean;
  /** A flow just created opens its new-step editor. */
  startAdding: boolean;
};

/**
 * A flow's `order` changes for every flow between the two ends of a move, but a card never shows
 * it: those cards need not render again (a long plan has many, each with its controls).
 */
const sameFlowCard = (a: FlowCardProps, b: FlowCardProps) =>
  a.flow.id === b.flow.id &&
  a.flow.name === b.flow.name &&
  a.flow.test_steps === b.flow.test_steps &&
  a.isFirst === b.isFirst &&
  a.isLast === b.isLast &&
  a.collapsed === b.collapsed &&
  a.startAdding === b.startAdding;

/** One test flow: its name, its controls, and its steps in order (spec §2). */
export const FlowCard = memo(function FlowCard({
  flow,
  isFirst,
  isLast,
  collapsed,
  startAdding,
}: FlowCardProps) {
  const actions = usePlanActions();
  const [renaming, setRenaming] = useState(false);
  const [adding, setAdding] = useState(startAdding);
  // Closed from the keyboard: focus goes back to Add step once it is on the page again (not the
  // page top), in the effect after the draft's render rather than a frame later.
  const focusAddStep = useRef(false);
  useEffect(() => {
    if (adding || !focusAddStep.current) return;
    focusAddStep.current = false;
    document
      .getElementById(flowElementId(flow.id))
      ?.querySelector<HTMLElement>('[data-add-step]')
      ?.focus();
  }, [adding, flow.id]);
  const titleId = `${flowElementId(flow.id)}-title`;
  const stepsId = flowStepsId(flow.id);
  const count = flow.test_steps.length;
  const newSteps = useNewSteps(flow.id);

  return (
    <section
      id={flowElementId(flow.id)}
      data-flow-id={flow.id}
      // Named by its heading, and by the flow's name while the heading gives way to the editor.
      aria-labelledby={renaming ? undefined : titleId}
      aria-label={renaming ? flow.name : undefined}
      className={cn(
        'test-flow relative scroll-mt-20 rounded-lg border border-slate-200 bg-white shadow-sm',
        // Long plans: flows off screen skip layout and paint until scrolled to.
        '[contain-intrinsic-size:auto_16rem] [content-visibility:auto]',
        // Set by the drag-and-drop layer (plan-dnd) on the flow being dragged.
        'data-dragging:z-10 data-dragging:opacity-40',
      )}
    >
      <header
        className={cn(
          'flex flex-wrap items-center gap-x-1 gap-y-2 px-2 py-2 sm:px-3',
          !collapsed && 'border-b border-slate-200',
        )}
      >
        {/* The drag-and-drop layer puts the flow's grip here. */}
        <span
          id={flowGripSlotId(flow.id)}
          ref={slotRef(flowGripSlotId(flow.id))}
          className={cn('flex size-8 shrink-0', renaming && 'invisible')}
        />
        <Button
          variant="ghost"
          size="icon"
          className={iconButton}
          aria-label={collapsed ? `Expand ${flow.name}` : `Collapse ${flow.name}`}
          aria-expanded={!collapsed}
          aria-controls={collapsed ? undefined : stepsId}
          onClick={() => actions.toggleFlow(flow.id)}
        >
          <ChevronRight
            aria-hidden
            className={cn('transition-transform', !collapsed && 'rotate-90')}
          />
        </Button>
        {renaming ? (
          <InlineEditor
            initial={flow.name}
            label="Flow name"
            maxLength={TEST_PLAN_LIMITS.flowName}
            onSave={(name) => {
              setRenaming(false);
              actions.renameFlow(flow, name);
            }}
            onCancel={() => setRenaming(false)}
            className="basis-56"
          />
        ) : (
          <>
            <h2
              id={titleId}
              className="min-w-0 flex-1 basis-40 px-1 text-[15px] leading-snug font-semibold break-words text-slate-900"
              onDoubleClick={() => setRenaming(true)}
            >
              {flow.name}
            </h2>
            <span className="px-1 text-xs whitespace-nowrap text-slate-500 tabular-nums">
              {stepsLabel(count)}
            </span>
            <div className="ml-auto flex items-center">
              <Button
                variant="ghost"
                size="icon"
                className={iconButton}
                aria-label="Edit flow name"
                title="Edit flow name"
                onClick={() => setRenaming(true)}
              >
                <Pencil aria-hidden />
              </Button>
              {(
                [
                  ['up', ArrowUp, isFirst],
                  ['down', ArrowDown, isLast],
                ] as const
              ).map(([direction, Icon, atEnd]) => (
                <Button
                  key={direction}
                  variant="ghost"
                  size="icon"
                  className={iconButton}
                  aria-label={`Move flow '${flow.name}' ${direction}`}
                  title={`Move flow ${direction}`}
                  disabled={atEnd}
                  onClick={() => actions.moveFlow(flow, direction)}
                >
                  <Icon aria-hidden />
                </Button>
              ))}
              <Button
                variant="ghost"
                size="icon"
                className={cn(iconButton, 'hover:bg-red-50 hover:text-red-600')}
                aria-label="Delete flow"
                title="Delete flow"
                data-flow-delete
                onClick={() => actions.deleteFlow(flow)}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
          </>
        )}
      </header>
      {!collapsed && (
        <div
          id={stepsId}
          className={cn(
            'rounded-b-lg transition-colors',
            count === 0 && 'data-over:bg-brand-50/60',
          )}
        >
          {count === 0 ? (
            // Not beside new steps on their way: the flow is about to have some.
            newSteps.saving.length + newSteps.refused.length === 0 && (
              <p className="flex items-center justify-center gap-2 px-5 py-5 text-sm text-slate-500">
                <ListPlus aria-hidden className="size-4 text-slate-400" />
                {/* The board says which while a step is dragged (CSS: no flow renders again). */}
                <span className="group-data-[dragging=step]/board:hidden">
                  No steps in this flow yet.
                </span>
                <span className="hidden group-data-[dragging=step]/board:inline">
                  Drop the step here.
                </span>
              </p>
            )
          ) : (
            <ol aria-label={`Steps of ${flow.name}`} className="divide-y divide-slate-100">
              {flow.test_steps.map((step, index) => (
                <StepRow key={step.id} step={step} index={index} />
              ))}
            </ol>
          )}
          <NewStepRows
            saving={newSteps.saving}
            refused={newSteps.refused}
            firstNumber={count + 1}
            onRetry={newSteps.retry}
            onDiscard={newSteps.discard}
            className={count > 0 ? 'border-t border-slate-100' : undefined}
          />
          <div className="border-t border-slate-100">
            {adding ? (
              <StepDraft
                number={count + newSteps.saving.length + 1}
                onAdd={newSteps.add}
                onClose={(refocus) => {
                  focusAddStep.current = refocus;
                  setAdding(false);
                }}
              />
            ) : (
              <div className="px-3 py-2">
                <Button variant="ghost" size="sm" data-add-step onClick={() => setAdding(true)}>
                  <Plus aria-hidden />
                  Add step
                </Button>
              </div>
            )}
          </div>
        </div>
      )}
    </section>
  );
}, sameFlowCard);

/**
 * A flow in the folded plan a flow drag shows: its title bar only, so a flow travels past the
 * others in a short list instead of thousands of pixels of steps.
 */
export const FlowRow = ({ flow }: { flow: TestFlow }) => (
  <li
    id={flowRowId(flow.id)}
    className="flex items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2.5 shadow-sm data-dragging:z-10 data-dragging:opacity-40"
  >
    <span className="inline-flex size-8 items-center justify-center text-slate-400">
      <GripVertical aria-hidden className="size-4" />
    </span>
    <span className="min-w-0 flex-1 truncate text-[15px] font-semibold text-slate-900">
      {flow.name}
    </span>
    <span className="text-xs text-slate-500">{stepsLabel(flow.test_steps.length)}</span>
  </li>
);

/** What follows the pointer while a flow is dragged: its title bar, compact. */
export const FlowDragPreview = ({ flow }: { flow: TestFlow }) => (
  <div className="flex cursor-grabbing items-center gap-2 rounded-lg border border-brand-200 bg-white px-3 py-2.5 shadow-xl ring-1 ring-brand-500/10">
    <span className="inline-flex size-8 items-center justify-center text-slate-500">
      <GripVertical aria-hidden className="size-4" />
    </span>
    <span className="min-w-0 flex-1 truncate text-[15px] font-semibold text-slate-900">
      {flow.name}
    </span>
    <span className="text-xs text-slate-500">{stepsLabel(flow.test_steps.length)}</span>
  </div>
);
