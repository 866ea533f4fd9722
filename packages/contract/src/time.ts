import { tz } from '@date-fns/tz';
import { format, formatDistanceStrict } from 'date-fns';

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

/** The zone this runtime is set to: the browser's, for a person's first sign-in. */
export const runtimeTimeZone = (): string =>
  canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? UTC;

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
