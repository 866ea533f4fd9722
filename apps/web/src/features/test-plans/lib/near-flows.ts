import { useSyncExternalStore } from 'react';

/** How far around the viewport a flow counts as near: a screen and a half either way. */
const MARGIN = '150% 0px';
const THAW_DELAY_MS = 150;
/** How long the page must have stood still before flows come or go (decision 0057). */
const SETTLE_MS = 120;

/**
 * Which flows are on screen or close to it, for one page at a time. Only their steps take part in
 * drag and drop: each sortable renders again with every move of a drag, and a plan holds
 * hundreds of steps. While `frozen` (a flow drag, when steps are hidden and cannot be dropped on)
 * no flow is near; once thawed, flows come back one per frame as the observer sees them.
 *
 * While the page scrolls, the set waits until it has stood still for SETTLE_MS: a flow coming
 * near mounts thirty sortables and their grips, a flow leaving unmounts them, and a fling passes
 * dozens of flows — that work in the scroll's frames made them long (decision 0057). While a
 * step is dragged (`setDragging`) flows come near at once, as the pointer and the auto-scroll
 * take the step past them.
 */
export const createNearFlows = () => {
  const near = new Set<number>();
  const latest = new Set<number>();
  const listeners = new Set<() => void>();
  let frozen = false;
  let dragging = false;
  let observer: IntersectionObserver | null = null;
  /** The page's scroll offset at the last frame looked at, and when it last changed. */
  let lastY = 0;
  let movedAt = -Infinity;

  let frame = 0;
  /**
   * Brings `near` to `latest` one flow per animation frame: a flow that wakes up mounts a sortable
   * for each of its steps, and several at once would make one long frame.
   */
  const step = (now: number) => {
    frame = 0;
    if (frozen) return;
    if (window.scrollY !== lastY) {
      lastY = window.scrollY;
      movedAt = now;
    }
    if (!dragging && now - movedAt < SETTLE_MS) {
      frame = requestAnimationFrame(step);
      return;
    }
    const leaving = [...near].find((id) => !latest.has(id));
    const coming = leaving === undefined ? [...latest].find((id) => !near.has(id)) : undefined;
    if (leaving !== undefined) near.delete(leaving);
    else if (coming !== undefined) near.add(coming);
    else return;
    for (const listener of listeners) listener();
    frame = requestAnimationFrame(step);
  };
  const publish = () => {
    if (!frame) frame = requestAnimationFrame(step);
  };

  const onEntries = (entries: IntersectionObserverEntry[]) => {
    for (const entry of entries) {
      const id = Number((entry.target as HTMLElement).dataset.flowId);
      if (entry.isIntersecting) latest.add(id);
      else latest.delete(id);
    }
    publish();
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
    setDragging(value: boolean) {
      dragging = value;
    },
    setFrozen(value: boolean) {
      if (frozen === value) return;
      frozen = value;
      if (frozen) {
        cancelAnimationFrame(frame);
        frame = 0;
        near.clear();
        for (const listener of listeners) listener();
        return;
      }
      // Thawed, the plan unfolds: what the observer saw of the folded plan is stale until it has
      // looked again, so publish a moment later (it may report nothing new: nothing moved).
      setTimeout(publish, THAW_DELAY_MS);
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
