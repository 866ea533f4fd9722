import fc from 'fast-check';

/** The part of JSON Schema the OpenAPI document at /api/schema/ uses (zod's output). */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  nullable?: boolean;
};

/**
 * Values no field should ever choke on: NUL, lone surrogates, RTL overrides, emoji, long text,
 * numbers beyond every column, years PostgreSQL refuses, the wrong JSON type, path tricks.
 */
export const hostileValue: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '😀🏳️‍🌈👩‍👩‍👧',
  'مرحبا \u202eevil\u202c שלום',
  'x'.repeat(20_000),
  '',
  '   ',
  "'; DROP TABLE users; --",
  '../../etc/passwd',
  '0000-01-01',
  '10000-01-01',
  '2024-02-30',
  '-0001-01-01',
  '0x10',
  '1e3',
  1e308,
  -1e308,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  -0,
  0,
  -1,
  1.5,
  true,
  null,
  [],
  {},
  [[[[[]]]]],
  { nested: { deeper: ['\u0000'] } },
);

const dateString = fc
  .date({
    min: new Date('1900-01-01T00:00:00Z'),
    max: new Date('2200-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));

const stringFor = (schema: JsonSchema): fc.Arbitrary<string> => {
  switch (schema.format) {
    case 'date':
      return dateString;
    case 'date-time':
      return fc
        .date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('2200-01-01T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString());
    case 'email':
      return fc.emailAddress();
    case 'uri':
      return fc.webUrl();
    default:
      break;
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern, 'u'));
    } catch {
      // A pattern JavaScript does not read: plain strings instead.
    }
  }
  const minLength = schema.minLength ?? 0;
  return fc.string({
    unit: 'grapheme',
    minLength,
    maxLength: Math.min(schema.maxLength ?? 40, minLength + 40),
  });
};

/** Values that mostly satisfy `schema`: the valid half of the fuzz input. */
export const arbitraryFor = (schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> => {
  if (!schema || depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0)
    return fc.oneof(...alternatives.map((a) => arbitraryFor(a, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0) return arbitraryFor(schema.allOf[0], depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const options = types.map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return stringFor(schema);
      case 'integer':
        return fc.integer({
          min: Math.max(schema.minimum ?? -1000, -(2 ** 31)),
          max: Math.min(schema.maximum ?? 1000, 2 ** 31 - 1),
        });
      case 'number':
        return fc.double({
          min: schema.minimum ?? -1e6,
          max: schema.maximum ?? 1e6,
          noNaN: true,
          noDefaultInfinity: true,
        });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(arbitraryFor(schema.items, depth + 1), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 3, 3),
        });
      case 'object': {
        const properties = schema.properties ?? {};
        const shape = Object.fromEntries(
          Object.entries(properties).map(([key, value]) => [key, arbitraryFor(value, depth + 1)]),
        );
        return fc.record(shape, {
          requiredKeys: (schema.required ?? []).filter((k) => k in shape),
        });
      }
      default:
        return fc.constant(null);
    }
  });
  if (schema.nullable) options.push(fc.constant(null));
  if (options.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return options.length === 1 ? options[0]! : fc.oneof(...options);
};

/**
 * A body for a request: a valid-looking one, one with a field replaced by a hostile value, one
 * with a required field missing, or a hostile value where the object should be.
 */
export const bodyFor = (schema: JsonSchema | undefined): fc.Arbitrary<unknown> => {
  const valid = arbitraryFor(schema);
  const keys = Object.keys(schema?.properties ?? {});
  const required = schema?.required ?? [];
  const variants: fc.Arbitrary<unknown>[] = [valid, hostileValue];
  if (keys.length > 0)
    variants.push(
      fc
        .tuple(valid, fc.constantFrom(...keys), hostileValue)
        .map(([body, key, value]) =>
          body && typeof body === 'object' ? { ...body, [key]: value } : body,
        ),
    );
  if (required.length > 0)
    variants.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([body, key]) => {
        if (!body || typeof body !== 'object') return body;
        const copy: Record<string, unknown> = { ...body };
        delete copy[key];
        return copy;
      }),
    );
  return fc.oneof(...variants);
};
