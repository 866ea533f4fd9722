import { useSyncExternalStore } from 'react';

/** How far around the viewport a flow counts as near: a screen and a half either way. */
const MARGIN = '150% 0px';
const THAW_DELAY_MS = 150;

/**
 * Which flows are on screen or close to it, for one page at a time. Only their steps take part in
 * drag and drop: each sortable renders again with every move of a drag, and a plan holds
 * hundreds of steps. While `frozen` (a flow drag folds the plan into title bars, bringing every
 * flow near) the answer stays as it was, and the latest one is taken up when it thaws.
 */
export const createNearFlows = () => {
  const near = new Set<number>();
  const latest = new Set<number>();
  const listeners = new Set<() => void>();
  let frozen = false;
  let observer: IntersectionObserver | null = null;

  const publish = () => {
    let changed = near.size !== latest.size;
    for (const id of latest) if (!near.has(id)) changed = true;
    if (!changed) return;
    near.clear();
    for (const id of latest) near.add(id);
    for (const listener of listeners) listener();
  };

  const onEntries = (entries: IntersectionObserverEntry[]) => {
    for (const entry of entries) {
      const id = Number((entry.target as HTMLElement).dataset.flowId);
      if (entry.isIntersecting) latest.add(id);
      else latest.delete(id);
    }
    if (!frozen) publish();
  };

  return {
    observe(element: Element) {
      if (typeof IntersectionObserver === 'undefined') return () => undefined;
      observer ??= new IntersectionObserver(onEntries, { rootMargin: MARGIN });
      observer.observe(element);
      return () => {
        observer?.unobserve(element);
        const id = Number((element as HTMLElement).dataset.flowId);
        latest.delete(id);
      };
    },
    setFrozen(value: boolean) {
      if (frozen === value) return;
      frozen = value;
      // Thawed, the plan unfolds: what the observer saw of the folded plan is stale until it has
      // looked again, so publish a moment later (it may report nothing new: nothing moved).
      if (!frozen) setTimeout(() => !frozen && publish(), THAW_DELAY_MS);
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    has: (flowId: number) => near.has(flowId),
  };
};

export type NearFlows = ReturnType<typeof createNearFlows>;

/** Whether one flow is near the screen, re-rendering only when that answer changes. */
export const useFlowNear = (store: NearFlows, flowId: number) =>
  useSyncExternalStore(
    store.subscribe,
    () => store.has(flowId),
    () => false,
  );
