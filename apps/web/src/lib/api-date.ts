import { format, isValid, parseISO } from 'date-fns';

/** Spec §9: dates travel as `yyyy-MM-dd`. */
export const DATE_WIRE_FORMAT = 'yyyy-MM-dd';

/** A `yyyy-MM-dd` (or ISO timestamp) from the API as a local date, or null when absent or bad. */
export const parseApiDate = (value: string | null | undefined): Date | null => {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? date : null;
};

export const toApiDate = (date: Date | null): string | null =>
  date ? format(date, DATE_WIRE_FORMAT) : null;
