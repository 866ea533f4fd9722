/**
 * Lays out, one at a time in the browser's idle time, elements that `content-visibility: auto`
 * skips while they are off screen: reading a descendant's box makes the browser compute the
 * skipped subtree's style and layout, which it then keeps. A flow of thirty Markdown steps
 * scrolled into view for the first time otherwise had its style, layout and paint done in one
 * frame — 60–100 ms of CPU, the long frames of a fling through a long plan (decision 0057); laid
 * out beforehand, the frame that shows it only paints. Each element is laid out once per page
 * (`done`); a new one (a flow just added) joins on the next call. Returns a cancel function.
 */
export const layOutWhenIdle = (elements: readonly Element[], done: WeakSet<Element>) => {
  const waiting = elements.filter((element) => !done.has(element));
  let handle: number | undefined;
  const idle = (run: () => void) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(run)
      : window.setTimeout(run, 50);
  const cancel = (id: number) =>
    typeof cancelIdleCallback === 'function' ? cancelIdleCallback(id) : window.clearTimeout(id);

  const next = () => {
    const element = waiting.shift();
    if (!element) return;
    handle = idle(() => {
      handle = undefined;
      if (element.isConnected && !done.has(element)) {
        done.add(element);
        element.lastElementChild?.getBoundingClientRect();
      }
      next();
    });
  };
  next();
  return () => {
    if (handle !== undefined) cancel(handle);
  };
};
