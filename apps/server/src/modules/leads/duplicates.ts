import { sql, type SQL } from 'drizzle-orm';
import {
  LEAD_LIMITS,
  LEAD_PHONE_MATCH_MIN_DIGITS,
  phoneDigits,
  type LeadDuplicate,
  type LeadDuplicateReason,
} from '@portal/contract/leads';
import type { Executor } from '../../db/client';
import { leadPhoneDigits, leads } from '../../db/schema/index';

const digitsOf = leadPhoneDigits(leads.phone);

/**
 * Leads with one of these emails (any case) or phones (by digits): each condition is the very
 * expression of `leads_email_lower_idx` / `leads_phone_digits_idx`, so both are index look-ups.
 */
const matchCondition = (emails: string[], phones: string[]): SQL => {
  const byEmail = sql`lower(${leads.email}) = ANY(${`{${emails.map(arrayItem).join(',')}}`}::text[])`;
  if (phones.length === 0) return byEmail;
  return sql`(${byEmail} OR (${digitsOf} = ANY(${`{${phones.join(',')}}`}::text[])
    AND length(${digitsOf}) >= ${sql.raw(String(LEAD_PHONE_MATCH_MIN_DIGITS))}))`;
};

/** One element of a PostgreSQL array literal: quoted, with `"` and `\` escaped. */
const arrayItem = (value: string) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/**
 * Other leads that are likely the same person as `lead`: the same email, case aside, or the
 * same phone digits (at least seven of them). Oldest first: the original comes before its echoes.
 */
export const findDuplicatesOf = async (
  executor: Executor,
  lead: { id: number; email: string; phone: string },
): Promise<LeadDuplicate[]> => {
  const email = lead.email.toLowerCase();
  const digits = phoneDigits(lead.phone);
  const result = await executor.execute<LeadDuplicate>(sql`
    SELECT id, first_name, last_name, email, company, status,
      CASE WHEN lower(email) = ${email} THEN 'email' ELSE 'phone' END AS reason
    FROM leads
    WHERE ${matchCondition([email], digits ? [digits] : [])} AND id <> ${lead.id}
    ORDER BY created_at, id
    LIMIT 20`);
  return result.rows;
};

export type DuplicateIndex = {
  /** The existing lead a row with this email or phone duplicates, and why; null when none. */
  match: (email: string, phone: string) => { lead: number; reason: LeadDuplicateReason } | null;
};

// Rows looked up per query. Beyond a few hundred values in `= ANY(…)` PostgreSQL estimates a
// sequential scan cheaper than the two indexes (it was 30x slower at 100,000 leads with 1,000).
const DUPLICATE_BATCH = 200;

/**
 * The existing leads that any of many rows duplicate, found with one indexed query per 200 rows
 * (an import checks every row of its file this way, inside its transaction).
 */
export const indexDuplicates = async (
  executor: Executor,
  rows: { email: string; phone: string }[],
): Promise<DuplicateIndex> => {
  const byEmail = new Map<string, number>();
  const byPhone = new Map<string, number>();
  for (let start = 0; start < rows.length; start += DUPLICATE_BATCH) {
    const batch = rows.slice(start, start + DUPLICATE_BATCH);
    const emails = [...new Set(batch.map((r) => r.email.toLowerCase()))];
    const phones = [
      ...new Set(batch.map((r) => phoneDigits(r.phone)).filter((d): d is string => d !== null)),
    ];
    const found = await executor.execute<{ id: number; email: string; digits: string }>(sql`
      SELECT id, lower(email) AS email, ${digitsOf} AS digits FROM leads
      WHERE ${matchCondition(emails, phones)} ORDER BY created_at, id`);
    for (const row of found.rows) {
      if (!byEmail.has(row.email)) byEmail.set(row.email, row.id);
      if (row.digits.length >= LEAD_PHONE_MATCH_MIN_DIGITS && !byPhone.has(row.digits))
        byPhone.set(row.digits, row.id);
    }
  }
  return {
    match: (email, phone) => {
      const sameEmail = byEmail.get(email.toLowerCase());
      if (sameEmail !== undefined) return { lead: sameEmail, reason: 'email' };
      const digits = phoneDigits(phone);
      const samePhone = digits === null ? undefined : byPhone.get(digits);
      return samePhone === undefined ? null : { lead: samePhone, reason: 'phone' };
    },
  };
};

/**
 * The rows of one file that repeat an earlier row of it, by the rule that finds a lead's
 * duplicates (the same email in any case, or the same phone digits): an import creates the
 * first and skips the others, as it skips a row that repeats an existing lead.
 */
export const indexFileRows = () => {
  const byEmail = new Map<string, number>();
  const byPhone = new Map<string, number>();
  return {
    /** The earlier row this one repeats, and why; else null, and this row is remembered. */
    repeats: (
      row: number,
      email: string,
      phone: string,
    ): { same_as_row: number; reason: LeadDuplicateReason } | null => {
      const key = email.toLowerCase();
      const digits = phoneDigits(phone);
      const sameEmail = byEmail.get(key);
      if (sameEmail !== undefined) return { same_as_row: sameEmail, reason: 'email' };
      const samePhone = digits === null ? undefined : byPhone.get(digits);
      if (samePhone !== undefined) return { same_as_row: samePhone, reason: 'phone' };
      byEmail.set(key, row);
      if (digits !== null) byPhone.set(digits, row);
      return null;
    },
  };
};

/** The prefix a later website visit's UTM tags get, beside the first visit's own (first touch). */
export const LAST_TOUCH_PREFIX = 'last_';

/**
 * Metadata of a lead that the same person filled the website form for again: what the lead had
 * stays (first touch), a new key is added, and this visit's `utm_*` tags are kept as
 * `last_utm_*` (last touch). Keys that would not fit the limits are dropped, not refused: the
 * visitor's message must still get through.
 */
export const mergeTouchMetadata = (
  first: Record<string, string>,
  latest: Record<string, string>,
): Record<string, string> => {
  const merged = { ...first };
  const put = (key: string, value: string) => {
    if (key.length > LEAD_LIMITS.metadataKey) return;
    if (!(key in merged) && Object.keys(merged).length >= LEAD_LIMITS.metadataKeys) return;
    merged[key] = value;
  };
  for (const [key, value] of Object.entries(latest)) {
    if (key.toLowerCase().startsWith('utm_')) put(`${LAST_TOUCH_PREFIX}${key}`, value);
    else if (!(key in merged)) put(key, value);
  }
  return merged;
};

/** Metadata of two merged leads: the kept lead's keys win; the rest fill up to the limit. */
export const mergeMetadata = (
  kept: Record<string, string>,
  gone: Record<string, string>,
): Record<string, string> => {
  const merged = { ...kept };
  for (const [key, value] of Object.entries(gone)) {
    if (key in merged) continue;
    if (Object.keys(merged).length >= LEAD_LIMITS.metadataKeys) break;
    merged[key] = value;
  }
  return merged;
};
