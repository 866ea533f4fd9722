import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The width of an element, kept current as it resizes; null until it has been measured. Measured
 * before the first paint, so a layout chosen by width does not flash the other one first.
 */
export const useElementWidth = (ref: RefObject<HTMLElement | null>): number | null => {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
};
