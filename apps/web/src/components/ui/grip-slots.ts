import { useSyncExternalStore } from 'react';

/**
 * Elements of a long list's markup that its drag-and-drop layer renders into (grip slots: the
 * test plan's flows and steps, the estimate's sections and items), by DOM id. The markup registers them through `slotRef` as React attaches them; the layer reads them with
 * `useSlot`, and renders again when its slot comes or goes. Ids are unique in the document, so one
 * registry serves the page.
 */
const slots = new Map<string, HTMLElement>();
const listeners = new Set<() => void>();
const refs = new Map<string, (element: HTMLElement | null) => (() => void) | undefined>();

const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * A stable ref callback for the slot `id` (a new function on every render would detach it). Its
 * cleanup forgets the element, unless another one has taken the id meanwhile (a row that moved).
 */
export const slotRef = (id: string) => {
  let ref = refs.get(id);
  if (!ref) {
    ref = (element) => {
      if (!element) return undefined;
      slots.set(id, element);
      notify();
      return () => {
        if (slots.get(id) !== element) return;
        slots.delete(id);
        refs.delete(id);
        notify();
      };
    };
    refs.set(id, ref);
  }
  return ref;
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useSlot = (id: string) =>
  useSyncExternalStore(
    subscribe,
    () => slots.get(id) ?? null,
    () => null,
  );
