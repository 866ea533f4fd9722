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

/** The `flow` query parameter as a flow id, or null when it is missing or not an id. */
export const parseFlowParam = (value: string | null): number | null => {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
};

/** Spec §9: a `?flow=` deep link scrolls to its flow after 100 ms. */
export const FLOW_SCROLL_DELAY_MS = 100;
