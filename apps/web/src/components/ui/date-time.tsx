import type { MomentFormat } from '@portal/contract/time';
import { useClock } from '../../lib/clock';

export type DateTimeProps = {
  /** ISO 8601 with time zone, as the API sends it. */
  value: string;
  /**
   * `recent` (the default: "3 hours ago" for the last week, then the date) or one of the spec's
   * formats: `dateTime` for records people cite (sent, signed off), `date`, `comment`, `lead`.
   */
  display?: 'recent' | MomentFormat;
  className?: string;
};

/**
 * A moment as the portal shows it (issue 25, one clock): on the reader's clock, in a `<time>`
 * whose title holds the exact date and time.
 */
export const DateTime = ({ value, display = 'recent', className }: DateTimeProps) => {
  const clock = useClock();
  const exact = clock.format(value);
  return (
    <time dateTime={value} title={exact} className={className}>
      {display === 'recent' ? clock.recent(value) : clock.format(value, display)}
    </time>
  );
};
