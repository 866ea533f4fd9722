/**
 * How many times longer than on a quiet machine a browser test may wait (decision 0034).
 *
 * The budgets in the specs are what a quiet two-core machine needs, with room to spare. CI runs
 * on the same two cores, and when the machine is busy every page, query and animation is slower
 * by the same factor, so every budget scales with one number rather than each spec guessing its
 * own. Waiting longer never makes a wrong answer pass: an expectation still has to come true.
 * `E2E_TIME_SCALE=1` gives the quiet-machine budgets back (a quick local run that fails fast).
 */
export const TIME_SCALE = Math.max(1, Number(process.env.E2E_TIME_SCALE ?? 2));

/** A budget of `ms` on a quiet machine, scaled for this run. */
export const scaled = (ms: number) => Math.round(ms * TIME_SCALE);
