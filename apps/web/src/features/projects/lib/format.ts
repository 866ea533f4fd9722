import { format, isValid, parseISO } from 'date-fns';
import { DATE_DISPLAY_FORMAT } from '../../../components/ui/date-picker';

/** Spec §9: dates travel as `yyyy-MM-dd`. */
export const DATE_WIRE_FORMAT = 'yyyy-MM-dd';

/** A `yyyy-MM-dd` (or ISO timestamp) from the API as a local date, or null when absent or bad. */
export const parseApiDate = (value: string | null | undefined): Date | null => {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? date : null;
};

/** Spec §9: the general date display, 'MMMM d, yyyy' ("March 4, 2026"). */
export const formatDate = (value: string | null | undefined): string | null => {
  const date = parseApiDate(value);
  return date ? format(date, DATE_DISPLAY_FORMAT) : null;
};

export const toApiDate = (date: Date | null): string | null =>
  date ? format(date, DATE_WIRE_FORMAT) : null;

/** 'on_hold' → 'On Hold': how statuses read when no label is known (DESIGN §3). */
export const titleCase = (value: string): string =>
  value
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');

/** The server's list order for clients and projects: name without case, then id. */
export const byName = <T extends { name: string; id: number }>(a: T, b: T): number => {
  const left = a.name.toLowerCase();
  const right = b.name.toLowerCase();
  if (left !== right) return left < right ? -1 : 1;
  return a.id - b.id;
};

/** `items` with `item` put in (replacing the one with its id), sorted by name (spec §4). */
export const upsertByName = <T extends { name: string; id: number }>(
  items: readonly T[] | undefined,
  item: T,
): T[] => [...(items ?? []).filter((other) => other.id !== item.id), item].sort(byName);
