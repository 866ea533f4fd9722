import { formatDate, formatDateTime, formatRelative } from '../../lib/format';

export type DateTimeProps = {
  /** ISO 8601 with time zone, as the API sends it. */
  value: string;
  /**
   * `relative` ("3 hours ago", where people scan recent things), `date-time` (the default) or
   * `date`. Every style shows the full date and time on hover.
   */
  display?: 'relative' | 'date-time' | 'date';
  className?: string;
};

/**
 * A moment as the portal shows it wherever the spec names no format (issue 19): one format, in
 * the viewer's time zone, in a `<time>` whose title holds the full date and time.
 */
export const DateTime = ({ value, display = 'date-time', className }: DateTimeProps) => {
  const full = formatDateTime(value);
  const shown =
    display === 'relative' ? formatRelative(value) : display === 'date' ? formatDate(value) : full;
  return (
    <time dateTime={value} title={full} className={className}>
      {shown}
    </time>
  );
};
