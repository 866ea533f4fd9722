import { z } from 'zod';

/** Integer ids in paths and bodies; anything else is a 400 naming the field. */
export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const idParamsSchema = z.object({ id: idSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

export const pageQuerySchema = z.object({
  page: z.union([z.literal('last'), z.coerce.number().int().positive()]).optional(),
  page_size: z.coerce.number().int().positive().max(100).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

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

export const detailSchema = z.object({ detail: z.string() });
export type Detail = z.infer<typeof detailSchema>;

/** DRF validation error body: every value is a list of messages. */
export const validationErrorSchema = z.record(z.string(), z.array(z.string()));
export type ValidationErrorBody = z.infer<typeof validationErrorSchema>;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

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
