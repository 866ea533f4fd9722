import { eq, like, or } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { RESERVED_SLUGS } from '@portal/contract/clients';
import { slugify } from '@portal/contract/common';
import type { Executor, TransactionalExecutor } from './client';
import { isUniqueViolation } from '../http/database-errors';

/**
 * Slugs live in paths, and the router refuses path parameters over 200 characters, so a base
 * keeps room for any `-N` suffix below that (the column itself allows 255).
 */
export const SLUG_BASE_MAX_LENGTH = 180;
const MAX_ATTEMPTS = 20;

/**
 * The slug rule of spec §3, shortened so a suffix always fits. Empty when nothing of the value
 * survives (a name of only punctuation): the caller answers that with a 400 on its field.
 */
export const slugBase = (value: string) =>
  slugify(value).slice(0, SLUG_BASE_MAX_LENGTH).replace(/-+$/, '');

/** The first of `base`, `base-2`, `base-3`, … that is neither taken nor reserved. */
export const firstFreeSlug = (base: string, taken: ReadonlySet<string>) => {
  const free = (slug: string) => !taken.has(slug) && !RESERVED_SLUGS.includes(slug);
  if (free(base)) return base;
  for (let n = 2; ; n++) if (free(`${base}-${n}`)) return `${base}-${n}`;
};

/**
 * Inserts a row under the first free slug derived from `base`. Two requests may pick the same
 * slug at once: the unique index refuses the second, which then looks again and retries, each
 * attempt in its own (sub)transaction so a refused insert does not spoil the caller's.
 */
export const insertWithUniqueSlug = async <T>(
  db: TransactionalExecutor,
  options: {
    table: PgTable;
    slug: PgColumn;
    /** The unique index on the slug column. */
    constraint: string;
    base: string;
    insert: (tx: Executor, slug: string) => Promise<T>;
  },
): Promise<T> => {
  const { table, slug: column, constraint, base } = options;
  for (let attempt = 1; ; attempt++) {
    const rows = await db
      .select({ slug: column })
      .from(table)
      .where(or(eq(column, base), like(column, `${base}-%`)));
    const slug = firstFreeSlug(base, new Set(rows.map((row) => String(row.slug))));
    try {
      return await db.transaction((tx) => options.insert(tx, slug));
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isUniqueViolation(error, constraint)) throw error;
    }
  }
};
