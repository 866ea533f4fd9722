import { useSyncExternalStore } from 'react';

/** How far around the viewport a section counts as near: a screen and a half either way. */
const MARGIN = '150% 0px';

/**
 * Which sections of an estimate are on screen or close to it. Only their items take part in drag
 * and drop: every sortable renders again, and is measured, with each change of a drag, and an
 * estimate may hold a thousand items (DESIGN §6, decision 0025; the test plan's flows do the same,
 * decision 0011). While `hold` is on (a drag), sections only join: the dragged item and the rows
 * it passes must stay sortable wherever the page scrolls. Without IntersectionObserver (jsdom)
 * every section is near.
 */
export const createNearSections = () => {
  const near = new Set<number>();
  const ids = new WeakMap<Element, number>();
  const leftWhileHeld = new Set<number>();
  const listeners = new Set<() => void>();
  let held = false;
  let observer: IntersectionObserver | null = null;

  const notify = () => {
    for (const listener of listeners) listener();
  };
  const onEntries = (entries: IntersectionObserverEntry[]) => {
    let changed = false;
    for (const entry of entries) {
      const id = ids.get(entry.target);
      if (id === undefined) continue;
      if (entry.isIntersecting) {
        leftWhileHeld.delete(id);
        if (!near.has(id)) {
          near.add(id);
          changed = true;
        }
      } else if (near.has(id)) {
        if (held) leftWhileHeld.add(id);
        else changed = near.delete(id) || changed;
      }
    }
    if (changed) notify();
  };

  return {
    observe(element: Element, id: number) {
      if (typeof IntersectionObserver === 'undefined') {
        near.add(id);
        notify();
        return () => undefined;
      }
      ids.set(element, id);
      observer ??= new IntersectionObserver(onEntries, { rootMargin: MARGIN });
      observer.observe(element);
      return () => {
        observer?.unobserve(element);
        ids.delete(element);
        leftWhileHeld.delete(id);
        if (near.delete(id)) notify();
      };
    },
    hold(value: boolean) {
      held = value;
      if (held || leftWhileHeld.size === 0) return;
      for (const id of leftWhileHeld) near.delete(id);
      leftWhileHeld.clear();
      notify();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    has: (id: number) => near.has(id),
  };
};

export type NearSections = ReturnType<typeof createNearSections>;

/** Whether one section is near the screen, re-rendering only when that answer changes. */
export const useSectionNear = (store: NearSections, id: number) =>
  useSyncExternalStore(
    store.subscribe,
    () => store.has(id),
    () => false,
  );
