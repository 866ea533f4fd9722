import { createContext, useContext } from 'react';
import type { Diagram } from '../lib/canvas-rules';

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
