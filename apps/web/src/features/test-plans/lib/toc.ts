/**
 * The table of contents follows the flow in view (spec §2): the first flow, in plan order, that
 * crosses the band near the top of the viewport the observer watches. Between two flows (none in
 * the band) the last one stays current, and a flow that was deleted stops being current.
 */
export const currentFlow = (
  order: readonly number[],
  inBand: ReadonlySet<number>,
  previous: number | null,
): number | null => {
  for (const id of order) if (inBand.has(id)) return id;
  return previous !== null && order.includes(previous) ? previous : (order[0] ?? null);
};

/** Spec §9: a `?flow=` deep link scrolls to its flow after 100 ms. */
export const FLOW_SCROLL_DELAY_MS = 100;

/**
 * How long the page must be still after our own scroll to a flow before a scroll counts as the
 * reader's (and the table of contents follows the flow in view again).
 */
export const PIN_SETTLE_MS = 150;

/**
 * Once our own scroll has begun, it counts as over when the browser says so (`scrollend`); this
 * is only the longest wait for a browser that does not. A busy machine can leave more than
 * PIN_SETTLE_MS between two frames of a smooth scroll, so stillness alone is not the end of it.
 */
export const PIN_SCROLL_FALLBACK_MS = 1_500;
