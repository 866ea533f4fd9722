/**
 * Which model boxes are in edit mode. Kept by the editor rather than by each box: React Flow
 * unmounts a box panned off screen (`onlyRenderVisibleElements`), and a box's own state would
 * come back in view mode with its unfinished rows never dropped by done (decision 0013).
 *
 * A small store rather than React state, so that a box subscribes to its own flag only: one box
 * entering edit mode re-renders that box, not the other 299.
 */
export type EditingModels = {
  isEditing(id: string): boolean;
  /** The ids in edit mode; a new set after every change, the same one until then. */
  ids(): ReadonlySet<string>;
  setEditing(id: string, editing: boolean): void;
  subscribe(listener: () => void): () => void;
};

export const createEditingModels = (): EditingModels => {
  let ids: ReadonlySet<string> = new Set();
  const listeners = new Set<() => void>();
  return {
    isEditing: (id) => ids.has(id),
    ids: () => ids,
    setEditing: (id, editing) => {
      if (ids.has(id) === editing) return;
      const next = new Set(ids);
      if (editing) next.add(id);
      else next.delete(id);
      ids = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
};
