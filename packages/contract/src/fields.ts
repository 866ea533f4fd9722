import { z } from 'zod';
import { ID_DIGITS, MAX_ID } from './common';

/**
 * DRF-style request field builders: each rejects bad input with the message Django REST
 * Framework would give, keyed by the field, so the web app's error mapping reads the same for
 * every area. Request schemas of clients, projects, milestones (and later areas) use these.
 */
export const FIELD_MESSAGES = {
  required: 'This field is required.',
  null: 'This field may not be null.',
  blank: 'This field may not be blank.',
  notAString: 'Not a valid string.',
  notAnInteger: 'A valid integer is required.',
  notABoolean: 'Must be a valid boolean.',
  givenTwice: 'Give this field once: it was sent more than once.',
  invalidUrl: 'Enter a valid URL.',
  invalidDate: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  notADictionary: 'Invalid data. Expected a dictionary.',
  nullCharacter: 'Null characters are not allowed.',
  unpairedSurrogate: 'Unpaired surrogate characters are not allowed.',
  invalidKey: 'Field names may not contain null or unpaired surrogate characters.',
  tooDeep: (max: number) => `Ensure this value is nested no more than ${max} levels deep.`,
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  tooBig: (max: number) => `Ensure this value is less than or equal to ${max}.`,
  tooSmall: (min: number) => `Ensure this value is greater than or equal to ${min}.`,
  invalidChoice: (input: unknown) => `"${String(input)}" is not a valid choice.`,
  pkType: (type: string) => `Incorrect type. Expected pk value, received ${type}.`,
  pkMissing: (pk: unknown) => `Invalid pk "${String(pk)}" - object does not exist.`,
} as const;

const M = FIELD_MESSAGES;

/** Missing and null get their own words; anything else of the wrong type gets `otherwise`. */
const typeMessage =
  (otherwise: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? M.required : issue.input === null ? M.null : otherwise;

/**
 * Characters that show nothing and that `String.prototype.trim` keeps: the zero-width space,
 * non-joiner and joiner, and the word joiner (it already removes U+FEFF, listed for clarity).
 */
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;

/**
 * Blank means blank after removing whitespace and zero-width characters (issue 27): a signature
 * of U+200B alone signed nothing a person could read. Joiners inside visible text are kept.
 */
export const isBlank = (value: string): boolean => value.replace(ZERO_WIDTH, '').trim() === '';

/** Text that only looks like some is nothing: each field's own blank rule then applies to it. */
export const emptyIfBlank = (value: string): string => (isBlank(value) ? '' : value);

/** PostgreSQL text cannot hold U+0000: refused as DRF's CharField does, not a 500 at insert. */
const noNullCharacter = (value: string) => !value.includes('\u0000');

/** A JSON object body; anything else (an array, a string, nothing) is a non-field error. */
export const requestBody = <Shape extends z.core.$ZodLooseShape>(shape: Shape) =>
  z.object(shape, { error: M.notADictionary });

/** A trimmed string of at most `max` characters, never blank (nor only zero-width). */
export const textField = (max: number) =>
  z
    .string({ error: typeMessage(M.notAString) })
    .trim()
    .overwrite(emptyIfBlank)
    .min(1, M.blank)
    .max(max, M.tooLong(max))
    .refine(noNullCharacter, M.nullCharacter);

/**
 * A trimmed string that may be blank; null is read as blank, as forms send either, and so is
 * text of zero-width characters only (a sign-off note of U+200B explains nothing).
 */
export const blankableTextField = (max: number) =>
  z.preprocess(
    (value) => (value === null ? '' : value),
    z
      .string({ error: typeMessage(M.notAString) })
      .trim()
      .overwrite(emptyIfBlank)
      .max(max, M.tooLong(max))
      .refine(noNullCharacter, M.nullCharacter),
  );

export const booleanField = () => z.boolean({ error: typeMessage(M.notABoolean) });

/** An integer from a JSON number or a string of digits (DRF's IntegerField reads both). */
export const integerField = (bounds: { min: number; max: number }) =>
  z
    .union(
      [
        z.number().int(),
        z
          .string()
          .trim()
          .regex(/^-?\d{1,10}$/, M.notAnInteger),
      ],
      {
        error: typeMessage(M.notAnInteger),
      },
    )
    .transform(Number)
    .pipe(z.number().min(bounds.min, M.tooSmall(bounds.min)).max(bounds.max, M.tooBig(bounds.max)));

/** One of `values`; the message quotes what was sent. */
export const choiceField = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined
        ? M.required
        : issue.input === null
          ? M.null
          : M.invalidChoice(issue.input),
  });

/**
 * `yyyy-MM-dd`, a real calendar day from year 1 to 9999 (Python's `date`, so DRF's range).
 * Year 0000 passes the ISO pattern but PostgreSQL refuses it (there is no year 0 AD): without
 * this it reached the INSERT and answered 500.
 */
export const dateField = () =>
  z.iso
    .date({ error: typeMessage(M.invalidDate) })
    .refine((value) => !value.startsWith('0000'), M.invalidDate);

/** A date or null (cleared). */
export const nullableDateField = () => dateField().nullable();

/** A public-looking host: a dotted domain name (IDN allowed), localhost, or an IPv4 address. */
const URL_HOSTNAME =
  /^(?:(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:[\p{L}]{2,63}|xn--[a-z0-9-]{1,59})|localhost|\d{1,3}(?:\.\d{1,3}){3})$/iu;

export const URL_MAX_LENGTH = 2048;

/** An http(s) URL, or null; an empty string clears the field (forms send '' for blank). */
export const optionalUrlField = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: typeMessage(M.invalidUrl) })
      .trim()
      .max(URL_MAX_LENGTH, M.tooLong(URL_MAX_LENGTH))
      .regex(/^\S+$/, M.invalidUrl)
      .pipe(z.url({ protocol: /^https?$/, hostname: URL_HOSTNAME, error: M.invalidUrl }))
      .nullable(),
  );

/** PostgreSQL's `integer`: every id and id filter fits in it. */
export const INT_MAX = MAX_ID;

const pythonType = (value: unknown) => {
  if (Array.isArray(value)) return 'list';
  switch (typeof value) {
    case 'string':
      return 'str';
    case 'boolean':
      return 'bool';
    case 'number':
      return Number.isInteger(value) ? 'int' : 'float';
    case 'object':
      return 'dict';
    default:
      return typeof value;
  }
};

/**
 * A reference to another record by integer id (a number or a string of digits). Ids that cannot
 * exist (0, negative, too big) read as missing; whether a valid-looking id exists, and is in the
 * caller's scope, is the service's check, with the same message.
 */
export const pkField = () =>
  z
    .unknown()
    .transform((input, ctx): number => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message, input });
        return z.NEVER;
      };
      if (input === undefined) return fail(M.required);
      if (input === null) return fail(M.null);
      let value: number;
      if (typeof input === 'number' && Number.isInteger(input)) value = input;
      else if (typeof input === 'string' && /^-?\d{1,12}$/.test(input.trim()))
        value = Number(input.trim());
      else return fail(M.pkType(pythonType(input)));
      if (value < 1 || value > INT_MAX) return fail(M.pkMissing(input));
      return value;
    })
    .describe('Integer id of the referenced record.');

/**
 * An id in a query string that must be one (`?client=` of the mentionable people, `?user=` of an
 * unsubscribe link): spelled as a path spells it, and no bigger than PostgreSQL's `integer`,
 * else a 400 naming the parameter. Each such parameter had its own check, and one had no bound:
 * ten digits reached the database as a 500 (issue 27).
 */
export const idQueryField = () =>
  z
    .string({ error: typeMessage(M.notAnInteger) })
    .regex(ID_DIGITS, M.notAnInteger)
    .transform(Number)
    .pipe(z.number().max(INT_MAX, M.tooBig(INT_MAX)));

/** A slug in a path: anything else simply names no record (404). */
export const slugParamsSchema = z.object({ key: z.string().min(1).max(255) });

/**
 * The query of a "list by parent" call, `?{parent}={id}` (`GET /api/milestones/?project=3`): the
 * children of one parent, or everything the caller may see when absent.
 */
export const listByParentQuery = <Parent extends string>(parent: Parent) =>
  z.object({ [parent]: pkField().optional() } as {
    [Key in Parent]: z.ZodOptional<ReturnType<typeof pkField>>;
  });

/**
 * The create and update bodies of a named ordered child (a milestone, an estimate section, a
 * test flow): created under its parent with a name; afterwards only the name changes (the order
 * changes through `move`).
 */
export const namedChildRequests = <Parent extends string>(parent: Parent, nameMax: number) => ({
  create: requestBody({ [parent]: pkField(), name: textField(nameMax) } as {
    [Key in Parent]: ReturnType<typeof pkField>;
  } & { name: ReturnType<typeof textField> }),
  update: requestBody({ name: textField(nameMax) }),
});
