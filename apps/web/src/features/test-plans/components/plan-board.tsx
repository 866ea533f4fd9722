import { memo, useLayoutEffect, useRef, useState } from 'react';
import {
  DndContext,
  DragOverlay,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { cn } from '../../../components/ui/cn';
import { hopIndex, useNestedCollisions } from '../../../components/ui/nested-sortable';
import { AUTO_SCROLL, useSortableSensors } from '../../../components/ui/sortable-list';
import type { FlowMove, StepMove } from '../api/moves';
import {
  locateStep,
  moveFlowInList,
  moveStepInFlows,
  type Flows,
  type StepLocation,
} from '../lib/plan-state';
import { flowElementId, flowRowId } from '../lib/dom-ids';
import { createNearFlows } from '../lib/near-flows';
import { dndData, flowDndId, isDndId } from './dnd-ids';
import { FlowCard, FlowDragPreview, FlowRow } from './flow-card';
import { FlowBinding } from './plan-dnd';
import { StepDragPreview } from './step-row';
import './test-plan.css';

type Drag = {
  kind: 'flow' | 'step';
  /** The flow's or the step's id. */
  id: number;
  /** The flows this drag started from (the cached ones). */
  base: Flows;
  /** The arrangement on screen: steps hop between flows while dragged, and stay dropped. */
  flows: Flows;
  /** False once dropped: the arrangement shows until the cache catches up with it. */
  active: boolean;
};

/**
 * The plan folds when a flow drag starts and this board keeps the flow in place itself (see
 * keepFlowAt); dnd-kit's own compensation would measure the grip inside the folded plan.
 */
const autoScroll = { ...AUTO_SCROLL, layoutShiftCompensation: false };

/** Flows and steps move up and down only. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/**
 * Keeps a flow's title bar `top` px from the top of the viewport, whatever changed above it. Its
 * place is read without the transform dnd-kit may have put on it (the animation to its new place).
 */
const keepFlowAt = (elementId: string, top: number) => {
  const element = document.getElementById(elementId);
  if (!element) return;
  const shift = new DOMMatrixReadOnly(getComputedStyle(element).transform).m42;
  window.scrollBy({ top: element.getBoundingClientRect().top - shift - top, behavior: 'instant' });
};

export type PlanBoardProps = {
  flows: Flows;
  collapsed: ReadonlySet<number>;
  /** The flow just created: it opens its new-step editor. */
  createdFlowId: number | null;
  onMoveFlow(move: FlowMove): void;
  onMoveStep(move: StepMove): void;
};

/**
 * The plan's flows and their steps with drag and drop (spec §4, DESIGN §4): flows reorder among
 * themselves; steps reorder within their flow and move into another. Mouse (after 5 px), touch
 * (after a 120 ms press) and keyboard (Space, arrows, Space) all work. A drop shows the new order
 * at once and hands the move to the caller, who persists it.
 */
export const PlanBoard = memo(function PlanBoard({
  flows,
  collapsed,
  createdFlowId,
  onMoveFlow,
  onMoveStep,
}: PlanBoardProps) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const origin = useRef<StepLocation | null>(null);
  /** Where the dragged flow's title bar is on screen: kept there as the list folds and unfolds. */
  const flowAnchor = useRef<{ flowId: number; top: number } | null>(null);
  /** The dragged flow's title bar as it follows the pointer. */
  const preview = useRef<HTMLDivElement>(null);

  // A drop stays on screen only until the cache holds the move (or anything newer).
  if (drag && !drag.active && drag.base !== flows) setDrag(null);
  const shown = drag ? drag.flows : flows;

  const { collisionDetection, start, hopped } = useNestedCollisions((entry) => {
    const data = dndData(entry);
    if (!data) return null;
    const kind = data.type === 'flow' ? 'parent' : data.type === 'step' ? 'child' : 'list';
    return { kind, parent: data.flowId };
  }, drag?.flows);

  /**
   * While a flow is dragged, the plan folds into a list of flow title bars (FlowRow), so a flow
   * travels past others in a short list instead of thousands of pixels of steps. The full plan
   * stays in the page with `content-visibility: hidden`, which keeps its rendering for the moment
   * it unfolds. The page scrolls to keep the dragged flow where it was picked up, and where it
   * was dropped.
   */
  const folded = drag?.kind === 'flow' && drag.active;
  const [near] = useState(createNearFlows);
  useLayoutEffect(() => {
    const anchor = flowAnchor.current;
    if (!anchor) return;
    keepFlowAt(folded ? flowRowId(anchor.flowId) : flowElementId(anchor.flowId), anchor.top);
    if (!folded) flowAnchor.current = null;
  }, [folded]);

  const sensors = useSortableSensors();

  const label = (id: UniqueIdentifier | undefined) => {
    if (id === undefined) return 'nothing';
    const key = String(id);
    const number = Number(key.slice(key.indexOf(':') + 1));
    if (isDndId(id, 'flow') || isDndId(id, 'steps')) {
      const flow = shown.find((entry) => entry.id === number);
      const what = isDndId(id, 'flow') ? 'flow' : 'the end of flow';
      return flow ? `${what} ${flow.name}` : 'a flow';
    }
    const at = locateStep(shown, number);
    const flow = shown.find((entry) => entry.id === at?.flowId);
    return at && flow
      ? `step ${at.index + 1} of ${flow.test_steps.length} in flow ${flow.name}`
      : 'a step';
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${label(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${label(active.id)} is over ${label(over.id)}.` : undefined,
    onDragEnd: ({ active }) => `Dropped ${label(active.id)}.`,
    onDragCancel: ({ active }) => `Moving was cancelled. ${label(active.id)} is back in place.`,
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    const data = dndData(active);
    if (!data || data.type === 'step-list') return;
    start();
    if (data.type === 'step') {
      origin.current = locateStep(flows, data.stepId);
      setDrag({ kind: 'step', id: data.stepId, base: flows, flows, active: true });
    } else {
      const top = active.rect.current.initial?.top;
      flowAnchor.current = top === undefined ? null : { flowId: data.flowId, top };
      // Steps are hidden while a flow moves: their sortables go, in the same render as the fold.
      near.setFrozen(true);
      setDrag({ kind: 'flow', id: data.flowId, base: flows, flows, active: true });
    }
  };

  /** A step dragged over another flow joins it at once, so that flow makes room. */
  const onDragOver = ({ active, over }: DragOverEvent) => {
    const data = dndData(active);
    const overData = dndData(over);
    if (!drag || data?.type !== 'step' || !over || !overData) return;
    const current = locateStep(drag.flows, data.stepId);
    if (!current || current.flowId === overData.flowId) return;
    const target = drag.flows.find((flow) => flow.id === overData.flowId);
    if (!target) return;
    const index = hopIndex(
      active,
      over,
      target.test_steps,
      overData.type === 'step' ? overData.stepId : null,
    );
    hopped();
    setDrag({
      ...drag,
      flows: moveStepInFlows(drag.flows, data.stepId, { flowId: overData.flowId, index }),
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const data = dndData(active);
    const overData = dndData(over);
    near.setFrozen(false);
    if (!drag || !data) return setDrag(null);

    if (data.type === 'flow') {
      // Unfolded, the flow stays where it was let go.
      const top = preview.current?.getBoundingClientRect().top;
      if (top !== undefined) flowAnchor.current = { flowId: data.flowId, top };
      const from = drag.flows.findIndex((flow) => flow.id === data.flowId);
      const to = overData ? drag.flows.findIndex((flow) => flow.id === overData.flowId) : -1;
      if (from < 0 || to < 0 || from === to) return setDrag(null);
      setDrag({ ...drag, base: flows, flows: moveFlowInList(drag.flows, from, to), active: false });
      onMoveFlow({ flowId: data.flowId, from, to });
      return;
    }

    if (data.type !== 'step') return setDrag(null);
    let arranged = drag.flows;
    const at = locateStep(arranged, data.stepId);
    if (at && overData?.type === 'step' && overData.stepId !== data.stepId) {
      const overAt = locateStep(arranged, overData.stepId);
      if (overAt && overAt.flowId === at.flowId)
        arranged = moveStepInFlows(arranged, data.stepId, overAt);
    }
    const final = locateStep(arranged, data.stepId);
    const start = origin.current;
    if (!final || !start || (final.flowId === start.flowId && final.index === start.index))
      return setDrag(null);
    setDrag({ ...drag, base: flows, flows: arranged, active: false });
    onMoveStep({ stepId: data.stepId, to: final });
  };

  const draggedFlow =
    drag?.active && drag.kind === 'flow' ? shown.find((flow) => flow.id === drag.id) : undefined;
  const draggedStep = (() => {
    if (!drag?.active || drag.kind !== 'step') return undefined;
    const at = locateStep(shown, drag.id);
    return at ? shown.find((flow) => flow.id === at.flowId)?.test_steps[at.index] : undefined;
  })();
  const dragging = drag?.active ? drag.kind : null;

  return (
    <>
      {/* The markup: outside dnd-kit's context, see plan-dnd. */}
      <div
        aria-hidden={folded || undefined}
        data-dragging={dragging ?? undefined}
        className={cn('group/board flex flex-col gap-4', folded && '[content-visibility:hidden]')}
      >
        {shown.map((flow, index) => (
          <FlowCard
            key={flow.id}
            flow={flow}
            isFirst={index === 0}
            isLast={index === shown.length - 1}
            collapsed={collapsed.has(flow.id)}
            startAdding={flow.id === createdFlowId}
          />
        ))}
      </div>
      {folded && (
        <ol aria-label="Flows" className="flex flex-col gap-2">
          {shown.map((flow) => (
            <FlowRow key={flow.id} flow={flow} />
          ))}
        </ol>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        modifiers={[verticalOnly]}
        autoScroll={autoScroll}
        accessibility={{ announcements }}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        // A cancelled flow drag unfolds with the flow back where it was picked up.
        onDragCancel={() => {
          near.setFrozen(false);
          setDrag(null);
        }}
      >
        <SortableContext
          items={shown.map((flow) => flowDndId(flow.id))}
          strategy={verticalListSortingStrategy}
        >
          {shown.map((flow) => (
            <FlowBinding
              key={flow.id}
              flow={flow}
              collapsed={collapsed.has(flow.id)}
              dragging={dragging}
              folded={folded}
              activeStepId={drag?.active && drag.kind === 'step' ? drag.id : null}
              near={near}
            />
          ))}
        </SortableContext>
        <DragOverlay
          modifiers={[verticalOnly]}
          // A flow follows the pointer as its title bar only, whatever its length.
          style={draggedFlow ? { height: 'auto' } : undefined}
        >
          {draggedFlow && (
            <div ref={preview}>
              <FlowDragPreview flow={draggedFlow} />
            </div>
          )}
          {draggedStep && <StepDragPreview step={draggedStep} />}
        </DragOverlay>
      </DndContext>
    </>
  );
});
