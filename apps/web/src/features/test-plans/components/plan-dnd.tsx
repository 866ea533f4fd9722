import { useLayoutEffect, useMemo } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { TestFlow, TestStep } from '@portal/contract/test-plans';
import { byId, SlotGrip, useBoundSortable } from '../../../components/ui/sortable-binding';
import {
  flowElementId,
  flowGripSlotId,
  flowRowId,
  flowStepsId,
  stepElementId,
  stepGripSlotId,
} from '../lib/dom-ids';
import { useFlowNear, type NearFlows } from '../lib/near-flows';
import { useSlot } from '../../../components/ui/grip-slots';
import { flowDndId, stepDndId, stepListDndId, type DndData } from './dnd-ids';

/**
 * The drag-and-drop layer of the plan. The flows and steps (markup, Markdown, buttons: tens of
 * thousands of React nodes in a large plan) render outside dnd-kit's context, because every
 * change of that context during a drag makes React search the whole tree beneath it. Here, inside
 * the context, each flow and each step near the screen has a small binding: it finds its element
 * by id, makes it sortable, moves it while dragging (straight on the element, no re-render), and
 * puts its grip into the slot the markup left for it.
 */

type Dragging = 'flow' | 'step' | null;

const StepBinding = ({
  step,
  flowId,
  index,
  dropDisabled,
}: {
  step: TestStep;
  flowId: number;
  index: number;
  dropDisabled: boolean;
}) => {
  const { handle } = useBoundSortable(stepElementId(step.id), {
    id: stepDndId(step.id),
    data: { type: 'step', stepId: step.id, flowId } satisfies DndData,
    disabled: { droppable: dropDisabled },
  });
  const slot = useSlot(stepGripSlotId(step.id));
  return slot && <SlotGrip slot={slot} label={`Move step ${index + 1}`} {...handle} />;
};

export type FlowBindingProps = {
  flow: TestFlow;
  collapsed: boolean;
  dragging: Dragging;
  /** While a flow is dragged, flows are their title bars in the folded plan (FlowRow). */
  folded: boolean;
  /** The step being dragged: it stays sortable wherever it is, near the screen or not. */
  activeStepId: number | null;
  near: NearFlows;
};

/** The layout may change under a flow while it is dragged (it folds): no animation from there. */
const noLayoutAnimation = () => false;

export const FlowBinding = ({
  flow,
  collapsed,
  dragging,
  folded,
  activeStepId,
  near,
}: FlowBindingProps) => {
  const sectionId = flowElementId(flow.id);
  const elementId = folded ? flowRowId(flow.id) : sectionId;
  const { handle } = useBoundSortable(elementId, {
    id: flowDndId(flow.id),
    data: { type: 'flow', flowId: flow.id } satisfies DndData,
    disabled: { droppable: dragging === 'step' },
    animateLayoutChanges: noLayoutAnimation,
  });
  // The whole body takes steps, so an empty flow (or its end) is a place to drop one.
  const { setNodeRef: setStepListRef, isOver } = useDroppable({
    id: stepListDndId(flow.id),
    data: { type: 'step-list', flowId: flow.id } satisfies DndData,
    disabled: collapsed || dragging === 'flow',
  });

  useLayoutEffect(() => {
    const section = byId(sectionId);
    return section ? near.observe(section) : undefined;
  }, [sectionId, near]);

  useLayoutEffect(() => {
    const body = collapsed ? null : byId(flowStepsId(flow.id));
    setStepListRef(body);
    body?.toggleAttribute('data-over', isOver && dragging === 'step');
    return () => setStepListRef(null);
  }, [collapsed, flow.id, setStepListRef, isOver, dragging]);

  const slot = useSlot(flowGripSlotId(flow.id));
  const isNear = useFlowNear(near, flow.id);
  const holdsActive =
    activeStepId !== null && flow.test_steps.some((step) => step.id === activeStepId);
  const stepIds = useMemo(
    () => flow.test_steps.map((step) => stepDndId(step.id)),
    [flow.test_steps],
  );

  return (
    <>
      {slot && <SlotGrip slot={slot} label={`Move flow ${flow.name}`} {...handle} />}
      {/* No steps of this flow take part (far off screen): no sortable context to render either. */}
      {!collapsed && (isNear || holdsActive) && (
        <SortableContext items={stepIds} strategy={verticalListSortingStrategy}>
          {flow.test_steps.map((step, index) =>
            !isNear && step.id !== activeStepId ? null : (
              <StepBinding
                key={step.id}
                step={step}
                flowId={flow.id}
                index={index}
                dropDisabled={dragging === 'flow'}
              />
            ),
          )}
        </SortableContext>
      )}
    </>
  );
};
