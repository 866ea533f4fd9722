/**
 * The DOM ids the plan's markup and its drag-and-drop layer meet at. The markup (flows and steps)
 * renders outside the drag-and-drop context and carries these ids; the drag-and-drop layer finds
 * the elements by them, makes them sortable and puts its grips into their slots.
 */
export const flowElementId = (flowId: number) => `flow-${flowId}`;
/** A flow's title bar in the folded plan that a flow drag shows. */
export const flowRowId = (flowId: number) => `flow-${flowId}-row`;
export const flowGripSlotId = (flowId: number) => `flow-${flowId}-grip`;
export const flowStepsId = (flowId: number) => `flow-${flowId}-steps`;
export const stepElementId = (stepId: number) => `step-${stepId}`;
export const stepGripSlotId = (stepId: number) => `step-${stepId}-grip`;
