import { useLayoutEffect, useState, type RefObject } from 'react';

export type ScrollEdges = { left: boolean; right: boolean };

/** A fade over whichever side has more to see, for the row's `mask-image`. */
export const edgeMask = ({ left, right }: ScrollEdges) => ({
  maskImage:
    [
      left && 'linear-gradient(to right, transparent 0, black 3rem)',
      right && 'linear-gradient(to left, transparent 0, black 3rem)',
    ]
      .filter(Boolean)
      .join(', ') || undefined,
  maskComposite: 'intersect' as const,
});

/**
 * Whether a sideways-scrolling row has more to see on its left and its right, kept true while
 * it scrolls, whenever it or a child changes size (the window narrows) and whenever children
 * come or go.
 * A pixel of rounding is not "more".
 */
export const useScrollEdges = (row: RefObject<HTMLElement | null>) => {
  const [edges, setEdges] = useState<ScrollEdges>({ left: false, right: false });

  // Before paint, so a row that overflows never shows without its cue.
  useLayoutEffect(() => {
    const el = row.current;
    if (!el) return;
    const measure = () => {
      const left = el.scrollLeft > 1;
      const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setEdges((prev) => (prev.left === left && prev.right === right ? prev : { left, right }));
    };
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    // Not in every test environment (jsdom has neither).
    const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    const watchSizes = () => {
      sizes?.disconnect();
      sizes?.observe(el);
      for (const child of el.children) sizes?.observe(child);
    };
    watchSizes();
    // Children come and go (a status filter leaves one column): their sizes are watched anew.
    const children =
      typeof MutationObserver === 'undefined'
        ? null
        : new MutationObserver(() => {
            watchSizes();
            measure();
          });
    children?.observe(el, { childList: true });
    return () => {
      el.removeEventListener('scroll', measure);
      sizes?.disconnect();
      children?.disconnect();
    };
  }, [row]);

  return edges;
};
