import { z } from 'zod';

/**
 * List sorting as DRF's OrderingFilter reads it: `?ordering=-created_at,name`, a comma-separated
 * list of field names, each optionally prefixed with `-` for descending. Unlike DRF, which
 * silently drops unknown fields, an unknown field is a 400 on `ordering` (issue 19): a typo in
 * a shared URL should say so rather than show a list in an order nobody asked for.
 */
export type SortTerm<F extends string> = { field: F; descending: boolean };

export const SORTING_MESSAGES = {
  unknownField: (field: string, allowed: readonly string[]) =>
    `"${field}" is not a field this list can be ordered by. Choose from: ${allowed.join(', ')}.`,
} as const;

/** Parses `-a,b` into terms; null when a field is not in `fields`. */
export const parseOrdering = <const F extends string>(
  fields: readonly F[],
  value: string,
): SortTerm<F>[] | { unknown: string } => {
  const terms: SortTerm<F>[] = [];
  for (const raw of value.split(',')) {
    const part = raw.trim();
    if (part === '') continue;
    const descending = part.startsWith('-');
    const field = descending ? part.slice(1) : part;
    if (!(fields as readonly string[]).includes(field)) return { unknown: field };
    terms.push({ field: field as F, descending });
  }
  return terms;
};

/**
 * The `ordering` query parameter of a list: optional (the spec's default order applies when it
 * is absent or empty), parsed into sort terms.
 */
export const orderingField = <const F extends string>(fields: readonly F[]) =>
  z
    .string()
    .max(200)
    .transform((value, ctx): SortTerm<F>[] | undefined => {
      const parsed = parseOrdering(fields, value);
      if ('unknown' in parsed) {
        ctx.addIssue({
          code: 'custom',
          message: SORTING_MESSAGES.unknownField(parsed.unknown, fields),
        });
        return z.NEVER;
      }
      return parsed.length === 0 ? undefined : parsed;
    })
    .optional();

/** The first term as the web app keeps it in its URL: `-total` → {field: 'total', descending}. */
export const formatOrdering = <F extends string>(term: SortTerm<F> | null): string =>
  term === null ? '' : `${term.descending ? '-' : ''}${term.field}`;

export const PROJECT_ORDERING_FIELDS = ['name', 'client', 'status', 'target_date'] as const;
export const ESTIMATE_ORDERING_FIELDS = ['name', 'project', 'status', 'total'] as const;
export const LEAD_ORDERING_FIELDS = ['created_at', 'status', 'company'] as const;
