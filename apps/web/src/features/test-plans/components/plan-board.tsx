import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { DndContext, DragOverlay } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { cn } from '../../../components/ui/cn';
import {
  boardAnnouncements,
  boardPlaces,
  useNestedBoard,
  verticalOnly,
} from '../../../components/ui/nested-board';
import { AUTO_SCROLL } from '../../../components/ui/sortable-list';
import type { FlowMove, StepMove } from '../api/moves';
import { locateStep, type Flows } from '../lib/plan-state';
import { flowElementId, flowRowId } from '../lib/dom-ids';
import { layOutWhenIdle } from '../lib/lay-out-when-idle';
import { createNearFlows } from '../lib/near-flows';
import { dndData, flowDndId } from './dnd-ids';
import { FlowCard, FlowDragPreview, FlowRow } from './flow-card';
import { FlowBinding } from './plan-dnd';
import { StepDragPreview } from './step-row';

/**
 * The plan folds when a flow drag starts and this board keeps the flow in place itself (see
 * keepFlowAt); dnd-kit's own compensation would measure the grip inside the folded plan.
 */
const autoScroll = { ...AUTO_SCROLL, layoutShiftCompensation: false };

/** Flows and steps move up and down only. */

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
  /** Where the dragged flow's title bar is on screen: kept there as the list folds and unfolds. */
  const flowAnchor = useRef<{ flowId: number; top: number } | null>(null);
  /** The dragged flow's title bar as it follows the pointer. */
  const preview = useRef<HTMLDivElement>(null);

  const [near] = useState(createNearFlows);
  // Flows off screen are laid out in idle time, so the first scroll to one only paints it.
  const [laidOut] = useState(() => new WeakSet<Element>());
  useEffect(
    () =>
      layOutWhenIdle(
        flows.flatMap((flow) => document.getElementById(flowElementId(flow.id)) ?? []),
        laidOut,
      ),
    [flows, laidOut],
  );
  const board = useNestedBoard({
    parents: flows,
    keys: { children: 'test_steps', parent: 'test_flow' },
    describe: (entry) => {
      const data = dndData(entry);
      if (!data) return null;
      if (data.type === 'flow') return { kind: 'parent', parent: data.flowId };
      if (data.type === 'step') return { kind: 'child', parent: data.flowId, child: data.stepId };
      return { kind: 'list', parent: data.flowId };
    },
    onStart: (picked, active) => {
      near.setDragging(true);
      if (picked.kind !== 'parent') return;
      const top = active.rect.current.initial?.top;
      flowAnchor.current = top === undefined ? null : { flowId: picked.parent, top };
      // Steps are hidden while a flow moves: their sortables go, in the same render as the fold.
      near.setFrozen(true);
    },
    // A cancelled flow drag unfolds with the flow back where it was picked up.
    onEnd: (dropped) => {
      near.setDragging(false);
      near.setFrozen(false);
      if (dropped?.kind !== 'parent') return;
      // Unfolded, the flow stays where it was let go.
      const top = preview.current?.getBoundingClientRect().top;
      if (top !== undefined) flowAnchor.current = { flowId: dropped.parent, top };
    },
    onMoveParent: ({ parentId, from, to }) => onMoveFlow({ flowId: parentId, from, to }),
    onMoveChild: ({ childId, to }) =>
      onMoveStep({ stepId: childId, to: { flowId: to.parentId, index: to.index } }),
  });
  const { shown } = board;
  const dragging = board.dragging && (board.dragging.kind === 'parent' ? 'flow' : 'step');

  /**
   * While a flow is dragged, the plan folds into a list of flow title bars (FlowRow), so a flow
   * travels past others in a short list instead of thousands of pixels of steps. The full plan
   * stays in the page with `content-visibility: hidden`, which keeps its rendering for the moment
   * it unfolds. The page scrolls to keep the dragged flow where it was picked up, and where it
   * was dropped.
   */
  const folded = dragging === 'flow';
  useLayoutEffect(() => {
    const anchor = flowAnchor.current;
    if (!anchor) return;
    keepFlowAt(folded ? flowRowId(anchor.flowId) : flowElementId(anchor.flowId), anchor.top);
    if (!folded) flowAnchor.current = null;
  }, [folded]);

  const { name, where } = boardPlaces({
    shown,
    children: 'test_steps',
    kinds: { parent: 'flow', list: 'steps' },
    parentLabel: (flow) => `flow ${flow.name}`,
    childLabel: (_step, index) => `step ${index + 1}`,
    childPlace: (index, count) => `step ${index + 1} of ${count}`,
    unknown: { parent: 'a flow', child: 'a step' },
  });

  const draggedId = board.dragging?.id;
  const draggedFlow = dragging === 'flow' ? shown.find((flow) => flow.id === draggedId) : undefined;
  const draggedStep = (() => {
    if (dragging !== 'step' || draggedId === undefined) return undefined;
    const at = locateStep(shown, draggedId);
    return at ? shown.find((flow) => flow.id === at.flowId)?.test_steps[at.index] : undefined;
  })();

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
        {...board.dndProps}
        autoScroll={autoScroll}
        accessibility={{ announcements: boardAnnouncements({ name, where }) }}
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
              activeStepId={dragging === 'step' ? (draggedId ?? null) : null}
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
