/**
 * Flows, steps and the step list of each flow share one drag-and-drop context, so their ids carry
 * their kind. The data attached to each says what it is and where it sits.
 */
export const flowDndId = (id: number) => `flow:${id}`;
export const stepDndId = (id: number) => `step:${id}`;
export const stepListDndId = (flowId: number) => `steps:${flowId}`;

export type DndData =
  | { type: 'flow'; flowId: number }
  | { type: 'step'; stepId: number; flowId: number }
  | { type: 'step-list'; flowId: number };

export const dndData = (entry: { data: { current?: unknown } } | null | undefined) =>
  (entry?.data.current ?? null) as DndData | null;
