import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  formatMoment,
  formatMomentWithZone,
  formatRecent,
  parseMoment,
} from './time';
import { timeZoneSchema } from './users';

// 13:49 UTC on November 27, 2026: 2:49 PM in Paris, 8:49 AM in New York, the 28th in Tokyo
// (10:49 PM) and in Kiritimati (UTC+14: 3:49 AM).
const MOMENT = '2026-11-27T13:49:00Z';

describe('time zones', () => {
  it('knows IANA names and spells them as the runtime does', () => {
    expect(canonicalTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('US/Eastern')).toBe('America/New_York');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
  });

  it('refuses unknown names and fixed offsets', () => {
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(canonicalTimeZone('+01:00')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
  });

  it('reads a user’s time_zone field with a message naming the value', () => {
    expect(timeZoneSchema.parse(' Asia/Tokyo ')).toBe('Asia/Tokyo');
    const result = timeZoneSchema.safeParse('Mars/Olympus_Mons');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      '"Mars/Olympus_Mons" is not a known time zone. Use an IANA name such as "Europe/Paris".',
    );
    expect(timeZoneSchema.safeParse('').error?.issues[0]?.message).toBe(
      'This field may not be blank.',
    );
  });
});

describe('formatMoment', () => {
  it('writes the spec formats on the reader’s clock', () => {
    expect(formatMoment(MOMENT, 'UTC')).toBe('November 27, 2026, 1:49 PM');
    expect(formatMoment(MOMENT, 'Europe/Paris')).toBe('November 27, 2026, 2:49 PM');
    expect(formatMoment(MOMENT, 'America/New_York', 'comment')).toBe('11/27/2026 08:49 AM');
    expect(formatMoment(MOMENT, 'Asia/Tokyo', 'lead')).toBe('11/27/2026 10:49 PM');
    // Only the comment's hour is padded.
    expect(formatMoment('2025-03-07T09:05:00Z', 'UTC', 'lead')).toBe('03/07/2025 9:05 AM');
    expect(formatMoment('2025-03-07T00:05:00Z', 'UTC', 'comment')).toBe('03/07/2025 12:05 AM');
    expect(formatMoment(MOMENT, 'Pacific/Kiritimati', 'date')).toBe('November 28, 2026');
  });

  it('follows summer time', () => {
    expect(formatMoment('2026-07-01T12:00:00Z', 'Europe/Paris')).toBe('July 1, 2026, 2:00 PM');
    expect(formatMoment('2026-01-01T12:00:00Z', 'Europe/Paris')).toBe('January 1, 2026, 1:00 PM');
  });

  it('names the zone where there is no app around the moment', () => {
    expect(formatMomentWithZone(MOMENT, 'Europe/Paris')).toBe(
      'November 27, 2026, 2:49 PM (Europe/Paris)',
    );
    expect(formatMomentWithZone(MOMENT, 'UTC', 'date')).toBe('November 27, 2026 (UTC)');
  });
});

describe('formatRecent', () => {
  const now = new Date(MOMENT);
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const HOUR = 60 * 60 * 1000;

  it('says "just now" for the last 45 seconds, either way of a clock', () => {
    expect(formatRecent(ago(0), 'UTC', now)).toBe('just now');
    expect(formatRecent(ago(-20_000), 'UTC', now)).toBe('just now');
    expect(formatRecent(ago(44_000), 'UTC', now)).toBe('just now');
  });

  it('is relative for the last week', () => {
    expect(formatRecent(ago(3 * HOUR), 'UTC', now)).toBe('3 hours ago');
    expect(formatRecent(ago(6 * 24 * HOUR), 'UTC', now)).toBe('6 days ago');
  });

  it('is the date, on the reader’s clock, past a week', () => {
    const old = ago(8 * 24 * HOUR); // November 19, 13:49 UTC
    expect(formatRecent(old, 'UTC', now)).toBe('November 19, 2026');
    expect(formatRecent(old, 'Pacific/Kiritimati', now)).toBe('November 20, 2026');
  });
});

describe('parseMoment', () => {
  const read = (text: string) => parseMoment(text)?.toISOString() ?? null;

  it('reads ISO 8601 dates and times, a time without a zone as UTC', () => {
    expect(read('2024-02-29')).toBe('2024-02-29T00:00:00.000Z');
    expect(read(' 2024-01-02T03:04:05.678Z ')).toBe('2024-01-02T03:04:05.678Z');
    expect(read('2024-05-01 09:30')).toBe('2024-05-01T09:30:00.000Z');
    expect(read('2024-05-01T09:30:00+0200')).toBe('2024-05-01T07:30:00.000Z');
    expect(read('2024-05-01T09:30:00-05:30')).toBe('2024-05-01T15:00:00.000Z');
    expect(read('0100-01-01T00:00:00Z')).toBe('0100-01-01T00:00:00.000Z');
    expect(read('9999-12-31T23:59:59.999Z')).toBe('9999-12-31T23:59:59.999Z');
    expect(parseMoment('2024-05-01')).toBeInstanceOf(Date);
    expect(parseMoment('2024-05-01')?.constructor).toBe(Date);
  });

  it('refuses days no calendar has instead of rolling them over', () => {
    for (const text of ['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-04-31'])
      expect(read(text), text).toBeNull();
    for (const text of ['2026-01-01T25:00', '2026-01-01T10:60', '2026-01-01T10:00:61Z'])
      expect(read(text), text).toBeNull();
    expect(read('2024-05-01T09:30:00+02:60')).toBeNull();
  });

  it('refuses moments outside the years 0100 to 9999 in UTC (what reads back as written)', () => {
    expect(read('0000-01-01')).toBeNull();
    expect(read('0001-01-01T00:00:00Z')).toBeNull();
    expect(read('0099-12-31T23:59:59Z')).toBeNull();
    expect(read('0000-12-31T23:59:59Z')).toBeNull();
    expect(read('0100-01-01T00:30:00+01:00')).toBeNull();
    expect(read('9999-12-31T23:30:00-01:00')).toBeNull();
  });

  it('refuses what is not an ISO calendar date', () => {
    for (const text of ['', 'yesterday', '2024', '2024-05', '2024-W01-1', '2024-123', '20240501'])
      expect(read(text), text).toBeNull();
    for (const text of ['01/05/2024', '2024-05-01T09:30:00.Z', '+002024-05-01', '2024-5-1'])
      expect(read(text), text).toBeNull();
  });
});
