import { safeHours, sumHours, toCents } from '@portal/contract/estimates';

/**
 * Hours and the safe modifier travel as strings with 2 decimals (DESIGN §2); every sum and product
 * here goes through the contract's cent arithmetic, so 0.10 + 0.20 reads 0.30 and the screen
 * agrees with the server to the cent. Totals are recomputed from the items on screen, so they
 * follow optimistic moves and local edits at once.
 */

export type HoursItem = { hours_low: string; hours_high: string };

export type HoursRange = { low: string; high: string };

/** The exact low and high sums of some items ('0.00' for none). */
export const hoursRange = (items: readonly HoursItem[]): HoursRange => ({
  low: sumHours(items.map((item) => item.hours_low)),
  high: sumHours(items.map((item) => item.hours_high)),
});

/** Spec §2: '{name} - {sum of high hours, 2 decimals} Hours'. */
export const sectionTitle = (section: { name: string; items: readonly HoursItem[] }): string =>
  `${section.name} - ${hoursRange(section.items).high} Hours`;

/** A range as shown in a row or the Total block: '4.00–8.00', or one figure when the ends agree. */
export const formatRange = ({ low, high }: HoursRange): string =>
  toCents(low) === toCents(high) ? high : `${low}–${high}`;

export type EstimateTotals = {
  /** Every item's hours; "Hours" is the high end (DESIGN §3). */
  hours: HoursRange;
  modifier: string;
  /** Both ends × the safe modifier; "Hours (Safe)" is the high end. */
  safe: HoursRange;
};

/** Spec §2 Total block: Hours, Safe modifier and Hours (Safe) = hours × safe modifier. */
export const estimateTotals = (estimate: {
  safe_modifier: string;
  sections: readonly { items: readonly HoursItem[] }[];
}): EstimateTotals => {
  const hours = hoursRange(estimate.sections.flatMap((section) => section.items));
  return {
    hours,
    modifier: estimate.safe_modifier,
    safe: {
      low: safeHours(hours.low, estimate.safe_modifier),
      high: safeHours(hours.high, estimate.safe_modifier),
    },
  };
};
