import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { STUDIO_LIMITS } from '@portal/contract/studio';
import { notBlank, updatedAt } from './columns';

/**
 * The studio's brand and letterhead (decision 0045): at most one row, whose key can only be
 * `true`. No row means nobody has edited it yet, and the defaults (`PORTAL_NAME`) apply.
 */
export const studio = pgTable(
  'studio',
  {
    id: boolean('id').primaryKey().default(true),
    name: varchar('name', { length: STUDIO_LIMITS.name }).notNull(),
    accentColor: varchar('accent_color', { length: 7 }).notNull(),
    website: varchar('website', { length: 2048 }).notNull().default(''),
    emailFooter: varchar('email_footer', { length: STUDIO_LIMITS.email_footer })
      .notNull()
      .default(''),
    legalName: varchar('legal_name', { length: STUDIO_LIMITS.legal_name }).notNull().default(''),
    address: varchar('address', { length: STUDIO_LIMITS.address }).notNull().default(''),
    taxId: varchar('tax_id', { length: STUDIO_LIMITS.tax_id }).notNull().default(''),
    estimateValidityDays: integer('estimate_validity_days').notNull().default(30),
    // A storage key (`studio/….png`), or null for the product's own mark.
    logo: varchar('logo', { length: 255 }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('studio_single_row', sql`${t.id}`),
    check('studio_name_not_blank', notBlank(t.name)),
    check('studio_accent_color_hex', sql`${t.accentColor} ~ '^#[0-9a-f]{6}$'`),
    check('studio_estimate_validity_days_range', sql`${t.estimateValidityDays} BETWEEN 1 AND 365`),
  ],
);
