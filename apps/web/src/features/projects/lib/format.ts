import { format } from 'date-fns';
import { parseApiDate } from '../../../lib/api-date';
import { DATE_DISPLAY_FORMAT } from '../../../components/ui/date-picker';

export { DATE_WIRE_FORMAT, parseApiDate, toApiDate } from '../../../lib/api-date';

/** Spec §9: the general date display, 'MMMM d, yyyy' ("March 4, 2026"). */
export const formatDate = (value: string | null | undefined): string | null => {
  const date = parseApiDate(value);
  return date ? format(date, DATE_DISPLAY_FORMAT) : null;
};

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
