import { tz } from '@date-fns/tz';
import { format, formatDistanceStrict, isValid, parseISO } from 'date-fns';

/**
 * One clock (issue 25): every moment the portal shows — in the app, in an email, in a PDF — is
 * written here, in the reader's time zone. The web app and the server share it, so "November 27,
 * 2026, 2:49 PM" reads the same on a screen and in the email about it.
 */

/** Where nobody has chosen a zone (and the server's own clock). */
export const UTC = 'UTC';

/**
 * The spec's formats (§9), as date-fns patterns: a date ("March 4, 2026"), a moment wherever
 * the spec names none, a comment's time and a lead's creation time.
 */
export const MOMENT_FORMATS = {
  date: 'MMMM d, yyyy',
  dateTime: 'MMMM d, yyyy, h:mm a',
  comment: 'MM/dd/yyyy hh:mm a',
  lead: 'MM/dd/yyyy h:mm a',
} as const;
export type MomentFormat = keyof typeof MOMENT_FORMATS;

/** How long a moment reads as "3 hours ago" before it reads as its date. */
export const RELATIVE_FOR_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The IANA name the runtime knows `value` by ("europe/paris" → "Europe/Paris", "US/Eastern" →
 * "America/New_York"), or null. Offsets ("+01:00") are refused: they know no summer time, so a
 * person who picked one would be an hour off for half the year.
 */
export const canonicalTimeZone = (value: string): string | null => {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
    return /^[A-Za-z]/.test(name) ? name : null;
  } catch {
    return null;
  }
};

let runtimeZone: string | undefined;

/**
 * The zone this runtime is set to: the browser's, for a person's first sign-in, and every date
 * of a person who has not chosen one. Asked once: each ask builds two `Intl.DateTimeFormat`s
 * (~15 µs), and a screen asks once per date it shows — 15 ms of an estimate of 1,000 items
 * (issue 30). A device that changes zone while the page is open is seen at the next load.
 */
export const runtimeTimeZone = (): string =>
  (runtimeZone ??= canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? UTC);

/**
 * ISO 8601 as people and the CSV export write it: a date, or a date and a time (`T` or a space),
 * seconds and their fraction optional, a zone (`Z`, `+02:00`, `+0200`) optional. Week dates,
 * ordinal dates and the like, which `parseISO` also reads, are nobody's spreadsheet format.
 */
const ISO_MOMENT = /^\d{4}-\d\d-\d\d([T ]\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?)?$/;

// The moments read back as written. PostgreSQL knows no year 0, and a year past 9999 is
// `+010000-…`, which the API's `YYYY-MM-DDTHH:mm:ss.sssZ` cannot write. Years 1–99 are stored,
// but Drizzle reads PostgreSQL's `0001-01-01 00:00:00+00` with `new Date()`, whose two-digit-year
// rule makes it 2001: refused rather than shown wrong (the fuzz suite found it, issue 27).
const FIRST_MOMENT = Date.parse('0100-01-01T00:00:00.000Z');
const LAST_MOMENT = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * The moment an ISO 8601 text names (see ISO_MOMENT), a time without a zone read as UTC; null
 * for a day no calendar has (`2026-02-30`, month 13 — `new Date` rolls those into the next
 * month) and for a moment outside the years 0100–9999 in UTC.
 */
export const parseMoment = (text: string): Date | null => {
  const value = text.trim();
  if (!ISO_MOMENT.test(value)) return null;
  const moment = parseISO(value, { in: tz(UTC) });
  if (!isValid(moment)) return null;
  const time = moment.getTime();
  // A plain Date: a TZDate's own toISOString writes `+00:00` where the database expects `Z`.
  return time >= FIRST_MOMENT && time <= LAST_MOMENT ? new Date(time) : null;
};

const toDate = (value: string | Date): Date =>
  typeof value === 'string' ? new Date(value) : value;

/** `value` in one of the spec's formats, on the clock of `zone`. */
export const formatMoment = (
  value: string | Date,
  zone: string,
  style: MomentFormat = 'dateTime',
): string => format(toDate(value), MOMENT_FORMATS[style], { in: tz(zone) });

/**
 * "3 hours ago" for the last week (clocks differ a little, so the last 45 seconds read "just
 * now"), then the date: past a week people think in dates, not in "23 days ago".
 */
export const formatRecent = (
  value: string | Date,
  zone: string,
  now: Date = new Date(),
): string => {
  const date = toDate(value);
  const distance = Math.abs(now.getTime() - date.getTime());
  if (distance < 45_000) return 'just now';
  if (distance < RELATIVE_FOR_MS) return formatDistanceStrict(date, now, { addSuffix: true });
  return formatMoment(date, zone, 'date');
};

/**
 * A moment for a reader who has no app around it — an email, a PDF — so it names its zone:
 * "November 27, 2026, 2:49 PM (Europe/Paris)".
 */
export const formatMomentWithZone = (
  value: string | Date,
  zone: string,
  style: MomentFormat = 'dateTime',
): string => `${formatMoment(value, zone, style)} (${zone})`;
