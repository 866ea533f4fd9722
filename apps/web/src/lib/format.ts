import { format, formatDistanceStrict } from 'date-fns';

/** Spec §9: a comment's time, 'MM/dd/yyyy hh:mm a', in the viewer's time zone. */
export const formatCommentTime = (iso: string): string =>
  format(new Date(iso), 'MM/dd/yyyy hh:mm a');

/**
 * The one format of a moment wherever the spec names none (issue 19): the spec's general date
 * 'MMMM d, yyyy' with the time, in the viewer's time zone.
 */
export const DATE_TIME_FORMAT = 'MMMM d, yyyy, h:mm a';
export const formatDateTime = (iso: string): string => format(new Date(iso), DATE_TIME_FORMAT);

/** The spec's general date, 'MMMM d, yyyy'. */
export const formatDate = (iso: string): string => format(new Date(iso), 'MMMM d, yyyy');

/** "3 hours ago", "in 2 days": for lists people scan for what is recent. */
export const formatRelative = (iso: string, now: Date = new Date()): string => {
  const date = new Date(iso);
  // Clocks differ a little between server and browser: "in 2 seconds" reads as just now.
  if (Math.abs(now.getTime() - date.getTime()) < 45_000) return 'just now';
  return formatDistanceStrict(date, now, { addSuffix: true });
};
