import fc from 'fast-check';
import type { JsonSchema } from './schema-arbitrary';

/**
 * The values a random sample may never draw but a probe found 500s with (issue 27): tried on
 * every field of their kind, every role, every run. They close a class of failures where the
 * random half only makes one unlikely.
 */

/**
 * Integers either side of PostgreSQL's `integer` and `bigint` and past both, as a URL sends
 * them: `2147483648` reached an `integer` column and answered 500 ("out of range for type
 * integer"), where it names no record.
 */
export const INTEGER_EDGES = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '9223372036854775808',
  '100000000000000000000',
] as const;

/** The largest id an `integer` key holds: valid, and names no record in the fuzz world. */
export const ABSENT_ID = '2147483647';

/**
 * Days no request may store: PostgreSQL's own bounds and beyond (its dates run from 4714-11-24
 * BC to 5874897 AD, its timestamps to 294276 AD; year 0 does not exist), the spellings it
 * reads that ISO does not (`infinity`, `BC`), and days no calendar has.
 */
export const IMPOSSIBLE_DATES = [
  '0000-01-01',
  '-infinity',
  'infinity',
  '294277-01-01',
  '5874898-01-01',
  '4714-11-24 BC',
  '-4713-11-24',
  '2026-02-30',
  '2026-13-01',
] as const;

/**
 * The same as moments, for a date-time field, and one more: a zone that moves the first moment
 * of year 1 back into year 0.
 */
export const IMPOSSIBLE_MOMENTS = [
  ...IMPOSSIBLE_DATES.map((day) => `${day}T00:00:00Z`),
  '0001-01-01T00:00:00+01:00',
];

/** The first and last day a date field takes (DRF's range): answered, never a 500. */
export const EXTREME_DATES = ['0001-01-01', '9999-12-31'] as const;

/**
 * Text that looks blank: zero-width characters (a space, a joiner, a byte-order mark, a word
 * joiner) that `String.prototype.trim` keeps, and whitespace only.
 */
export const BLANK_TEXTS = ['\u200b', '\u200b\u200d\ufeff\u2060', '   ', '\t\n'] as const;

/** How the OpenAPI document spells an id in a path or query (the contract's `idSchema`). */
const ID_PATTERN = '^[1-9]\\d{0,9}$';
/** How it describes a reference to a record (the contract's `pkField`). */
const PK_DESCRIPTION = /^Integer id\b/;

/** An id (path key, filter or reference), another integer, a date, text, or none of these. */
export type FieldKind = 'id' | 'integer' | 'date' | 'date-time' | 'text' | 'other';

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

export const kindOf = (schema: JsonSchema | undefined, description?: string): FieldKind => {
  if (!schema) return 'other';
  if (schema.pattern === ID_PATTERN) return 'id';
  const described = description ?? (schema as { description?: string }).description;
  if (described && PK_DESCRIPTION.test(described)) return 'id';
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (alternatives.length > 0) {
    const kinds = alternatives.map((a) => kindOf(a)).filter((k) => k !== 'other');
    return kinds[0] ?? 'other';
  }
  const types = typesOf(schema);
  if (types.includes('integer')) return 'integer';
  if (types.includes('string')) {
    if (schema.format === 'date') return 'date';
    if (schema.format === 'date-time') return 'date-time';
    return 'text';
  }
  return 'other';
};

/**
 * A valid-looking value of `schema`, always the same: a body built from these gets past
 * validation to the field the sweep replaces, so its answer is about that field.
 */
export const exampleFor = (
  schema: JsonSchema | undefined,
  depth = 0,
  description?: string,
): unknown => {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (alternatives.length > 0) {
    const chosen = alternatives.find((a) => !typesOf(a).includes('null')) ?? alternatives[0];
    return exampleFor(chosen, depth + 1);
  }
  if (schema.allOf && schema.allOf.length > 0) return exampleFor(schema.allOf[0], depth + 1);
  if (kindOf(schema, description) === 'id') return 1;
  const [type] = typesOf(schema).filter((t) => t !== 'null');
  switch (type) {
    case 'string': {
      if (schema.format === 'date') return '2026-01-15';
      if (schema.format === 'date-time') return '2026-01-15T10:00:00Z';
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'uri') return 'https://example.com/';
      if (schema.pattern) {
        try {
          const [matching] = fc.sample(fc.stringMatching(new RegExp(schema.pattern, 'u')), {
            numRuns: 1,
            seed: 1,
          });
          return matching;
        } catch {
          // A pattern JavaScript does not read: the plain text below.
        }
      }
      const length = Math.min(Math.max(schema.minLength ?? 0, 4), schema.maxLength ?? 40);
      return 'Fuzz'.padEnd(length, 'z').slice(0, length);
    }
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () =>
        exampleFor(schema.items, depth + 1),
      );
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [
          key,
          exampleFor(value, depth + 1),
        ]),
      );
    default:
      return null;
  }
};
