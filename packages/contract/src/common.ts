import { z } from 'zod';

/** The largest id PostgreSQL `integer` keys hold. */
export const MAX_ID = 2_147_483_647;

/**
 * How an id is spelled in a URL: canonical decimal digits, at most ten. `Number()` would also
 * read `0x10`, `1e1`, ` 1` or `01`, so one record had many names; those name none.
 */
export const ID_DIGITS = /^[1-9]\d{0,9}$/;

/**
 * An id in a path. Anything else, and ten digits past PostgreSQL's `integer`, names no record:
 * 404 (decision 0005), never the database's "out of range" (a 500).
 */
export const idSchema = z.string().regex(ID_DIGITS).transform(Number).pipe(z.number().max(MAX_ID));

export const idParamsSchema = z.object({ id: idSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const positiveInteger = (value: string): number | null =>
  /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/**
 * DRF's page-number paginator reads its query leniently (decision 0016): a `page_size` that is
 * not a positive integer falls back to the default and one above the maximum is capped; a
 * `page` that is not a positive integer or `last` is `null` here and answers 404 "Invalid page."
 */
export const pageQuerySchema = z.object({
  page: z
    .string()
    .optional()
    .transform((value): number | 'last' | null | undefined =>
      value === undefined || value === 'last' ? value : positiveInteger(value),
    ),
  page_size: z
    .string()
    .optional()
    .transform((value) => {
      const size = value === undefined ? null : positiveInteger(value);
      return size === null ? undefined : Math.min(size, MAX_PAGE_SIZE);
    }),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/** DRF page-number pagination envelope. */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
export type Paginated<T> = {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
};

/**
 * DRF's `CursorPagination` query (decision 0054): `?cursor=` names an opaque position in the list
 * — the `next`/`previous` links carry it. An empty value is the first page, as DRF decodes it;
 * a cursor that decodes to nothing this list knows answers 404 "Invalid cursor".
 */
export const cursorQuerySchema = z.object({ cursor: z.string().optional() });
export type CursorQuery = z.output<typeof cursorQuerySchema>;

/** DRF cursor pagination envelope: no `count`, so a page costs the same wherever it is. */
export const cursorPaginated = <T extends z.ZodType>(item: T) =>
  z.object({
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
export type CursorPaginated<T> = {
  next: string | null;
  previous: string | null;
  results: T[];
};

export const detailSchema = z.object({ detail: z.string() });
export type Detail = z.infer<typeof detailSchema>;

/** DRF validation error body: every value is a list of messages. */
export const validationErrorSchema = z.record(z.string(), z.array(z.string()));
export type ValidationErrorBody = z.infer<typeof validationErrorSchema>;

/**
 * Slug rule of the spec (§3): lowercased, trimmed, non-word characters removed, runs of
 * whitespace, underscore or hyphen become one hyphen, leading/trailing hyphens removed.
 */
export const slugify = (value: string): string =>
  value
    .toLowerCase()
    .trim()
    .replace(/[^\w\s-]/g, '')
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
