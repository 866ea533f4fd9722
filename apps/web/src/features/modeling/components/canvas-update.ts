import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { Diagram } from '../lib/canvas-rules';
import type { EditingModels } from '../lib/editing-models';

/** Applies one of the canvas rules (lib/canvas-rules) to the editor's diagram as an edit. */
export type CanvasUpdate = (recipe: (diagram: Diagram) => Diagram) => void;

/**
 * Given once by the editor and stable for its lifetime, so model boxes can change the diagram
 * without subscribing to it: each box re-renders only when its own node does.
 */
export const CanvasUpdateContext = createContext<CanvasUpdate | null>(null);

export const useCanvasUpdate = (): CanvasUpdate => {
  const update = useContext(CanvasUpdateContext);
  if (!update) throw new Error('useCanvasUpdate needs the canvas editor around it');
  return update;
};

/** The editor's record of the boxes in edit mode (lib/editing-models), stable like the above. */
export const EditingModelsContext = createContext<EditingModels | null>(null);

/** Whether one box is in edit mode, and the way to change it; re-renders on its own flag only. */
export const useEditing = (id: string) => {
  const models = useContext(EditingModelsContext);
  if (!models) throw new Error('useEditing needs the canvas editor around it');
  const editing = useSyncExternalStore(models.subscribe, () => models.isEditing(id));
  const setEditing = useCallback((value: boolean) => models.setEditing(id, value), [models, id]);
  return [editing, setEditing] as const;
};
