import { useEffect, useRef, useState, type RefObject } from 'react';

/** How far around the viewport an element counts as near: a screen and a half either way. */
const MARGIN = '150% 0px';

type Listener = (near: boolean) => void;
const listeners = new Map<Element, Listener>();
let observer: IntersectionObserver | null = null;

/** One observer for every flow of the page, created with the first. */
const observe = (element: Element, listener: Listener) => {
  if (typeof IntersectionObserver === 'undefined') return () => undefined;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting);
    },
    { rootMargin: MARGIN },
  );
  listeners.set(element, listener);
  observer.observe(element);
  return () => {
    listeners.delete(element);
    observer?.unobserve(element);
  };
};

/**
 * Whether an element is on screen or close to it. While `frozen`, the answer stays as it was
 * (the latest one is taken up when it thaws): a flow drag folds the plan into title bars, and the
 * flows that then come near must not all wake up for the few seconds of the drag.
 */
export const useNearViewport = (ref: RefObject<Element | null>, frozen = false) => {
  const [near, setNear] = useState(false);
  const latest = useRef(false);
  const frozenRef = useRef(frozen);

  useEffect(() => {
    frozenRef.current = frozen;
    if (!frozen) setNear(latest.current);
  }, [frozen]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    return observe(element, (value) => {
      latest.current = value;
      if (!frozenRef.current) setNear(value);
    });
  }, [ref]);

  return near;
};
