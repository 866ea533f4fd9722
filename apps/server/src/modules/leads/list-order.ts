import { sql } from 'drizzle-orm';
import { MAX_ID } from '@portal/contract/common';
import type { LeadListQuery } from '@portal/contract/leads';
import type { KeyTerm } from '../../db/keyset';

type KeyField = NonNullable<LeadListQuery['ordering']>[number]['field'] | 'id';

/** The lead list's order as terms: `?ordering=` (issue 19) or newest first, then the id. */
export type LeadKey = readonly { field: KeyField; descending: boolean }[];

const NEWEST_FIRST = [{ field: 'created_at', descending: true }] as const;

/**
 * `id` breaks ties in the direction of the last term, so the default is exactly the indexes'
 * order — and every key ends in a unique term, which makes any row's key values a position
 * that names exactly one place in the list (decision 0054).
 */
export const leadKey = (ordering: LeadListQuery['ordering']): LeadKey => {
  const terms = ordering ?? NEWEST_FIRST;
  return [...terms, { field: 'id', descending: terms[terms.length - 1]?.descending ?? true }];
};

/** The same key read the other way: a page before a position is read backwards from it. */
export const reversedKey = (key: LeadKey): LeadKey =>
  key.map((term) => ({ ...term, descending: !term.descending }));

// A timestamp as a position: microseconds, PostgreSQL's own precision, so two leads a fraction
// of a millisecond apart still have distinct positions in the order the database sorts them.
const MICROSECOND_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;

const isInstant = (value: unknown) => {
  if (typeof value !== 'string') return false;
  const match = MICROSECOND_INSTANT.exec(value);
  if (!match || match[1] === '0000') return false;
  // The calendar check: JavaScript rolls 2026-02-30 over to March, so compare what it read.
  const millisecond = `${value.slice(0, 23)}Z`;
  const date = new Date(millisecond);
  return !Number.isNaN(date.getTime()) && date.toISOString() === millisecond;
};

// Text a position carries is compared by PostgreSQL, which refuses NUL in text; the bound is
// far above any column's own limit.
const isKeyText = (value: unknown) =>
  typeof value === 'string' && value.length <= 1000 && !value.includes('\u0000');

const isId = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= MAX_ID;

/**
 * Each key field as SQL on a table (or alias) of lead rows: the expression the list orders by
 * (and the indexes hold), the same value written as a position, its type when a position is
 * read back as a parameter, and what a position's value must look like.
 */
const FIELDS: Record<
  KeyField,
  {
    expression: (table: string) => string;
    position: (table: string) => string;
    type: string;
    valid: (value: unknown) => boolean;
  }
> = {
  created_at: {
    expression: (t) => `${t}.created_at`,
    position: (t) => `to_char(${t}.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    type: 'timestamptz',
    valid: isInstant,
  },
  status: {
    expression: (t) => `${t}.status`,
    position: (t) => `${t}.status`,
    type: 'text',
    valid: isKeyText,
  },
  company: {
    expression: (t) => `lower(${t}.company)`,
    position: (t) => `lower(${t}.company)`,
    type: 'text',
    valid: isKeyText,
  },
  id: { expression: (t) => `${t}.id`, position: (t) => `${t}.id`, type: 'integer', valid: isId },
};

/** The ORDER BY of `key` on `table`'s columns. Only names from FIELDS reach the raw SQL. */
export const orderBy = (key: LeadKey, table: string) =>
  sql.raw(
    key
      .map((term) => `${FIELDS[term.field].expression(table)} ${term.descending ? 'DESC' : 'ASC'}`)
      .join(', '),
  );

/** A row's position in the list: its key values as a JSON array (pg hands it over parsed). */
export const positionOf = (key: LeadKey, table: string) =>
  sql.raw(`json_build_array(${key.map((term) => FIELDS[term.field].position(table)).join(', ')})`);

/** A position as a cursor carries it: compact JSON text. */
export const writePosition = (values: unknown) => JSON.stringify(values);

/**
 * A cursor's position read back as the key's terms with their values (parameters, cast to the
 * column's type), or null when it is not a position of this key — malformed, or written for
 * another ordering.
 */
export const readPosition = (key: LeadKey, text: string): KeyTerm[] | null => {
  let values: unknown;
  try {
    values = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(values) || values.length !== key.length) return null;
  const terms: KeyTerm[] = [];
  for (const [i, term] of key.entries()) {
    const field = FIELDS[term.field];
    const value: unknown = values[i];
    if (!field.valid(value)) return null;
    terms.push({
      expression: sql.raw(field.expression('leads')),
      descending: term.descending,
      value: sql`${value}::${sql.raw(field.type)}`,
    });
  }
  return terms;
};
