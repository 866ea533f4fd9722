import { z } from 'zod';
import { ESTIMATE_VERSION_STATUSES } from './estimate-version-statuses';
import { ESTIMATE_ORDERING_FIELDS, orderingField } from './sorting';
import { NAME_MAX_LENGTH } from './clients';
import { paginated } from './common';
import {
  blankableTextField,
  FIELD_MESSAGES,
  listByParentQuery,
  namedChildRequests,
  pkField,
  requestBody,
  textField,
} from './fields';
import { childMoveRequest, positionField } from './ordering';

/**
 * Estimates (spec §2 Estimates, §3, DESIGN §3): an estimate of a project holds ordered sections,
 * each holding ordered items with low and high hours. Hours and the safe modifier travel as
 * strings with exactly 2 decimals ("1.50"), as DRF's DecimalField sends them; arithmetic on them
 * goes through the cent helpers below, never through floating point.
 */

export const ESTIMATE_LIMITS = {
  name: NAME_MAX_LENGTH,
  longText: 20_000,
  sectionName: 255,
  itemDescription: 2_000,
  itemText: 10_000,
  comment: 5_000,
} as const;

/** NUMERIC(8,2): at most 999999.99 hours per item. */
export const HOURS_DIGITS = { maxDigits: 8, decimalPlaces: 2 } as const;
/** NUMERIC(5,2): a modifier of at most 999.99. */
export const SAFE_MODIFIER_DIGITS = { maxDigits: 5, decimalPlaces: 2 } as const;
export const DEFAULT_SAFE_MODIFIER = '1.00';
/** NUMERIC(12,2): an hourly rate of at most 9999999999.99 (DESIGN §8). */
export const HOURLY_RATE_DIGITS = { maxDigits: 12, decimalPlaces: 2 } as const;

export const DECIMAL_MESSAGES = {
  invalid: 'A valid number is required.',
  maxStringLength: 'String value too large.',
  maxDigits: (n: number) => `Ensure that there are no more than ${n} digits in total.`,
  maxDecimalPlaces: (n: number) => `Ensure that there are no more than ${n} decimal places.`,
  maxWholeDigits: (n: number) =>
    `Ensure that there are no more than ${n} digits before the decimal point.`,
  minValue: (min: number) => `Ensure this value is greater than or equal to ${min}.`,
  greaterThanZero: 'Ensure this value is greater than 0.',
} as const;

export const ESTIMATE_MESSAGES = {
  invalidCurrency: 'Enter a valid ISO 4217 currency code, e.g. EUR.',
  currencyRequired: 'A currency is required with an hourly rate.',
  /** On `hours_high` when both are sent; on the sent one when a PATCH sends only one of them. */
  lowAboveHigh: 'Ensure hours_low is less than or equal to hours_high.',
} as const;

// Exact decimal arithmetic in cents (BigInt): "0.10" + "0.20" is "0.30", never 0.30000000000000004.

const DECIMAL_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,6}))?$/;

/** A decimal string with exactly 2 decimals (the wire format) in cents. */
export const toCents = (value: string): bigint => {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(value);
  if (!match) throw new Error(`Not a 2-decimal string: ${value}`);
  const cents = BigInt(match[2]!) * 100n + BigInt(match[3]!);
  return match[1] === '-' ? -cents : cents;
};

/** Cents as the wire format: "1.50". */
export const formatCents = (cents: bigint): string => {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};

/** The exact sum of 2-decimal strings ("0.00" for none). */
export const sumHours = (values: readonly string[]): string =>
  formatCents(values.reduce((total, value) => total + toCents(value), 0n));

/** hours × modifier, rounded half away from zero to 2 decimals (as PostgreSQL's round()). */
export const safeHours = (hours: string, modifier: string): string => {
  const product = toCents(hours) * toCents(modifier); // in 1/10000
  const sign = product < 0n ? -1n : 1n;
  const abs = product * sign;
  return formatCents(sign * ((abs + 50n) / 100n));
};

type Decimal = { negative: boolean; digits: string; exponent: number };

/** Parses what Python's Decimal would read from `text`, or null. */
const parseDecimal = (text: string): Decimal | null => {
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return null;
  return {
    negative: sign === '-',
    digits: (whole + fraction).replace(/^0+(?=\d)/, ''),
    exponent: Number(exponent) - fraction.length,
  };
};

/**
 * A DRF DecimalField: a JSON number or a numeric string, checked for digits as DRF does (trailing
 * zeros beyond `decimalPlaces` are accepted: "1.500" is 1.50 exactly), answered as the canonical
 * 2-decimal string. `min` (an integer) is inclusive; `positive` rejects zero too.
 */
export const decimalField = (options: {
  maxDigits: number;
  decimalPlaces: number;
  min?: number;
  positive?: boolean;
}) =>
  z
    .unknown()
    .transform((input, ctx): string => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message, input });
        return z.NEVER;
      };
      if (input === undefined) return fail(FIELD_MESSAGES.required);
      if (input === null) return fail(FIELD_MESSAGES.null);
      let text: string;
      if (typeof input === 'number' && Number.isFinite(input)) text = String(input);
      else if (typeof input === 'string') {
        text = input.trim();
        if (text.length > 1000) return fail(DECIMAL_MESSAGES.maxStringLength);
      } else return fail(DECIMAL_MESSAGES.invalid);
      const parsed = parseDecimal(text);
      if (!parsed) return fail(DECIMAL_MESSAGES.invalid);
      let { digits, exponent } = parsed;
      // Trailing zeros carry no value: drop them (down to the units) before counting places.
      if (/^0+$/.test(digits)) [digits, exponent] = ['0', 0];
      while (exponent < 0 && digits.endsWith('0')) {
        digits = digits.slice(0, -1);
        exponent += 1;
      }
      // Digit counts as DRF's DecimalField.validate_precision takes them, in the same order.
      const places = Math.max(-exponent, 0);
      const whole = digits === '0' ? 0 : Math.max(digits.length + exponent, 0);
      const maxWhole = options.maxDigits - options.decimalPlaces;
      if (whole + places > options.maxDigits)
        return fail(DECIMAL_MESSAGES.maxDigits(options.maxDigits));
      if (places > options.decimalPlaces)
        return fail(DECIMAL_MESSAGES.maxDecimalPlaces(options.decimalPlaces));
      if (whole > maxWhole) return fail(DECIMAL_MESSAGES.maxWholeDigits(maxWhole));
      // At most 2 places and a few digits now: exact in cents.
      const cents = (parsed.negative ? -1n : 1n) * BigInt(digits + '0'.repeat(exponent + 2));
      if (options.positive && cents <= 0n) return fail(DECIMAL_MESSAGES.greaterThanZero);
      if (options.min !== undefined && cents < BigInt(options.min) * 100n)
        return fail(DECIMAL_MESSAGES.minValue(options.min));
      return formatCents(cents);
    })
    .describe('A decimal, as a JSON number or a string; answered as a string with 2 decimals.');

/**
 * hours × rate, exact: both have 2 decimals, so the product has 4 ("12.3450"). Rounding to the
 * currency's minor unit happens only for display (`formatPrice`).
 */
export const priceOf = (hours: string, rate: string): string => {
  const product = toCents(hours) * toCents(rate); // in 1/10000
  const sign = product < 0n ? '-' : '';
  const abs = product < 0n ? -product : product;
  return `${sign}${abs / 10000n}.${(abs % 10000n).toString().padStart(4, '0')}`;
};

/** ISO 4217 codes the runtime knows (Node and every current browser list them). */
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/**
 * A price for people: rounded half away from zero to the currency's minor unit (JPY 0, EUR 2,
 * BHD 3) by Intl, which formats the decimal string exactly (never through a float).
 */
export const formatPrice = (value: string, currency: string, locale = 'en-US'): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
    value as unknown as number, // Intl.NumberFormat v3 takes decimal strings exactly.
  );

export const hoursField = () => decimalField({ ...HOURS_DIGITS, min: 0 });
export const safeModifierField = () => decimalField({ ...SAFE_MODIFIER_DIGITS, positive: true });
/** Blank (null or "") means no rate: the estimate is in hours only. */
export const hourlyRateField = () =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    decimalField({ ...HOURLY_RATE_DIGITS, positive: true }).nullable(),
  );
/** An ISO 4217 code, upper-cased; blank (null or "") for none. */
export const currencyField = () =>
  z.preprocess(
    (value) =>
      value === null ? '' : typeof value === 'string' ? value.trim().toUpperCase() : value,
    z
      .string({ error: FIELD_MESSAGES.notAString })
      .refine((code) => code === '' || CURRENCIES.has(code), ESTIMATE_MESSAGES.invalidCurrency),
  );

/** A wire decimal: a string with exactly 2 decimals. */
const decimalString = () => z.string().describe('A decimal with 2 places, e.g. "1.50".');

// Estimates.

export const estimateClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
});
export const estimateProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  client: estimateClientSchema,
});
export type EstimateProject = z.infer<typeof estimateProjectSchema>;

/** An estimate as lists show it (`GET /api/estimates/`). */
export const estimateSchema = z.object({
  id: z.number().int(),
  project: estimateProjectSchema,
  name: z.string(),
  description: z.string(),
  scope_of_work: z.string(),
  deliverables: z.string(),
  not_included: z.string(),
  safe_modifier: decimalString(),
});
export type Estimate = z.infer<typeof estimateSchema>;

/**
 * A list entry: the estimate with what its row shows at a glance — the sum of its high hours and
 * the status of its latest version (`null`: a draft never sent). Lists only; the detail has the
 * totals in full and its versions apart.
 */
export const estimateListItemSchema = estimateSchema.extend({
  total_hours_high: decimalString(),
  status: z.enum(ESTIMATE_VERSION_STATUSES).nullable(),
});
export type EstimateListItem = z.infer<typeof estimateListItemSchema>;
export const estimateListSchema = paginated(estimateListItemSchema);

export const estimateItemSchema = z.object({
  id: z.number().int(),
  section: z.number().int(),
  description: z.string(),
  hours_low: decimalString(),
  hours_high: decimalString(),
  notes: z.string(),
  questions: z.string(),
  comment_count: z.number().int(),
  /** 0-based position within its section. */
  order: z.number().int(),
});
export type EstimateItem = z.infer<typeof estimateItemSchema>;

export const estimateSectionSchema = z.object({
  id: z.number().int(),
  estimate: z.number().int(),
  name: z.string(),
  /** 0-based position within its estimate. */
  order: z.number().int(),
  /** The section's items in order. */
  items: z.array(estimateItemSchema),
  /** Exact sums of the items' hours (the section title shows `total_hours_high`). */
  total_hours_low: decimalString(),
  total_hours_high: decimalString(),
});
export type EstimateSection = z.infer<typeof estimateSectionSchema>;
export const estimateSectionListSchema = paginated(estimateSectionSchema);
/** The answer of a section `move` (the estimate's sections) and of an item `move` (see there). */
export const estimateSectionArraySchema = z.array(estimateSectionSchema);

/**
 * `GET /api/estimates/{id}/`, and the answer of create and update: the estimate with its ordered
 * sections and exact totals. `total_hours_safe` = round(total_hours_high × safe_modifier, 2).
 */
export const estimateDetailSchema = estimateSchema.extend({
  sections: z.array(estimateSectionSchema),
  total_hours_low: decimalString(),
  total_hours_high: decimalString(),
  total_hours_safe: decimalString(),
  /** Per hour in `currency`; null for an estimate in hours only. */
  hourly_rate: decimalString().nullable(),
  /** ISO 4217 code, '' when none. */
  currency: z.string(),
  /**
   * With a rate and a currency: the totals × the rate, exact with 4 decimals (display rounds to
   * the currency's minor unit); null otherwise.
   */
  price: z
    .object({
      low: z.string(),
      high: z.string(),
      safe: z.string(),
    })
    .nullable(),
});
export type EstimateDetail = z.infer<typeof estimateDetailSchema>;

/**
 * `GET /api/estimates/?project={id}`: one project's estimates, or every one in scope; by name
 * unless `ordering` names `name`, `project`, `status` or `total` (`-` first for descending).
 */
export const estimateListQuerySchema = listByParentQuery('project').extend({
  ordering: orderingField(ESTIMATE_ORDERING_FIELDS),
});
export type EstimateListQuery = z.infer<typeof estimateListQuerySchema>;

const L = ESTIMATE_LIMITS;

const estimateWriteShape = {
  project: pkField(),
  name: textField(L.name),
  description: textField(L.longText),
  scope_of_work: blankableTextField(L.longText).optional(),
  deliverables: blankableTextField(L.longText).optional(),
  not_included: blankableTextField(L.longText).optional(),
  /** Defaults to "1.00". */
  safe_modifier: safeModifierField().optional(),
  /** Blank for hours only; needs a currency. */
  hourly_rate: hourlyRateField().optional(),
  currency: currencyField().optional(),
};

/** `POST /api/estimates/` (staff): answers the estimate detail (201). */
export const estimateCreateRequestSchema = requestBody(estimateWriteShape);
export type EstimateCreateRequest = z.infer<typeof estimateCreateRequestSchema>;

/** `PUT`/`PATCH /api/estimates/{id}/` (staff): the same fields; answers the estimate detail. */
export const estimateUpdateRequestSchema = requestBody(estimateWriteShape);
export type EstimateUpdateRequest = z.infer<typeof estimateUpdateRequestSchema>;

// Sections.

/** `GET /api/estimate-sections/?estimate={id}`: in order, each with its items. */
export const estimateSectionListQuerySchema = listByParentQuery('estimate');
export type EstimateSectionListQuery = z.infer<typeof estimateSectionListQuerySchema>;

const sectionRequests = namedChildRequests('estimate', L.sectionName);

/** `POST /api/estimate-sections/` (staff): appended after the estimate's last section. */
export const estimateSectionCreateRequestSchema = sectionRequests.create;
export type EstimateSectionCreateRequest = z.infer<typeof estimateSectionCreateRequestSchema>;

/** `PUT`/`PATCH /api/estimate-sections/{id}/` (staff): only the name; order changes by `move`. */
export const estimateSectionUpdateRequestSchema = sectionRequests.update;
export type EstimateSectionUpdateRequest = z.infer<typeof estimateSectionUpdateRequestSchema>;

// `POST /api/estimate-sections/{id}/move/` takes `moveRequestSchema` from './ordering' and answers
// `estimateSectionArraySchema`: the estimate's sections in their new order.

// Items.

export const estimateItemListSchema = paginated(estimateItemSchema);

/** `GET /api/estimate-items/?section={id}` or `?estimate={id}`: in estimate and section order. */
export const estimateItemListQuerySchema = z.object({
  section: pkField().optional(),
  estimate: pkField().optional(),
});
export type EstimateItemListQuery = z.infer<typeof estimateItemListQuerySchema>;

const itemTextShape = {
  description: textField(L.itemDescription),
  notes: blankableTextField(L.itemText).optional(),
  questions: blankableTextField(L.itemText).optional(),
};

/** `POST /api/estimate-items/` (staff): appended at the end of its section. */
export const estimateItemCreateRequestSchema = requestBody({
  section: pkField(),
  ...itemTextShape,
  hours_low: hoursField(),
  hours_high: hoursField(),
  insert_at: positionField(),
}).superRefine((body, ctx) => {
  if (toCents(body.hours_low) > toCents(body.hours_high))
    ctx.addIssue({ code: 'custom', message: ESTIMATE_MESSAGES.lowAboveHigh, path: ['hours_high'] });
});
export type EstimateItemCreateRequest = z.infer<typeof estimateItemCreateRequestSchema>;

/**
 * `PUT`/`PATCH /api/estimate-items/{id}/` (staff): the section changes only through `move` (a
 * sent one is ignored). `hours_low ≤ hours_high` is checked against the stored value of the one
 * not sent.
 */
export const estimateItemUpdateRequestSchema = requestBody({
  ...itemTextShape,
  hours_low: hoursField(),
  hours_high: hoursField(),
});
export type EstimateItemUpdateRequest = z.infer<typeof estimateItemUpdateRequestSchema>;

/**
 * `POST /api/estimate-items/{id}/move/` (staff): `to` is the 0-based target index (clamped) and/or
 * `direction`; `section` moves the item into another section of the same estimate (at `to`, or at
 * the end without it). Answers `estimateSectionArraySchema` holding the affected sections, each
 * with its items in their new order: the item's section only, or the source section then the
 * target section.
 */
export const estimateItemMoveRequestSchema = childMoveRequest('section');
export type EstimateItemMoveRequest = z.infer<typeof estimateItemMoveRequestSchema>;

// Item comments.

export const estimateItemCommentSchema = z.object({
  id: z.number().int(),
  item: z.number().int(),
  content: z.string(),
  /** The author; null once their account is gone. */
  user: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  /** ISO 8601 with time zone. */
  created_at: z.string(),
});
export type EstimateItemComment = z.infer<typeof estimateItemCommentSchema>;
export const estimateItemCommentListSchema = paginated(estimateItemCommentSchema);

/** `GET /api/estimate-item-comments/?estimate_item={id}`: oldest first; scoped without it. */
export const estimateItemCommentListQuerySchema = listByParentQuery('estimate_item');
export type EstimateItemCommentListQuery = z.infer<typeof estimateItemCommentListQuerySchema>;

/** `POST /api/estimate-item-comments/` by staff or a member of the estimate's client. */
export const estimateItemCommentCreateRequestSchema = requestBody({
  item: pkField(),
  content: textField(L.comment),
});
export type EstimateItemCommentCreateRequest = z.infer<
  typeof estimateItemCommentCreateRequestSchema
>;
