import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  ESTIMATE_LIMITS,
  HOURLY_RATE_DIGITS,
  HOURS_DIGITS,
  SAFE_MODIFIER_DIGITS,
} from '@portal/contract/estimates';
import { projects } from './projects';
import { userRef } from './users';
import {
  createdAt,
  deletedAt,
  maxLength,
  notBlank,
  parentId,
  serialId,
  updatedAt,
} from './columns';

const L = ESTIMATE_LIMITS;

// Decimals are NUMERIC, read and written as strings, so no value ever passes through a float.
const hours = (name: string) =>
  numeric(name, { precision: HOURS_DIGITS.maxDigits, scale: HOURS_DIGITS.decimalPlaces });

/**
 * Stamps for `estimates.revision`, from one sequence rather than a counter per row, so a stamp
 * is never given twice: not after an estimate is deleted and its id comes again, nor after a
 * TRUNCATE ... RESTART IDENTITY (the sequence belongs to no column).
 */
export const estimateRevisions = pgSequence('estimate_revisions');

export const estimates = pgTable(
  'estimates',
  {
    id: serialId(),
    // Estimates go with their project (decision 0007: children of a project cascade).
    projectId: parentId('project_id', () => projects.id),
    name: varchar('name', { length: L.name }).notNull(),
    description: text('description').notNull().default(''),
    scopeOfWork: text('scope_of_work').notNull().default(''),
    deliverables: text('deliverables').notNull().default(''),
    notIncluded: text('not_included').notNull().default(''),
    safeModifier: numeric('safe_modifier', {
      precision: SAFE_MODIFIER_DIGITS.maxDigits,
      scale: SAFE_MODIFIER_DIGITS.decimalPlaces,
    })
      .notNull()
      .default('1.00'),
    // Optional price (DESIGN §8): null rate = hours only; an ISO 4217 code, '' for none.
    hourlyRate: numeric('hourly_rate', {
      precision: HOURLY_RATE_DIGITS.maxDigits,
      scale: HOURLY_RATE_DIGITS.decimalPlaces,
    }),
    currency: varchar('currency', { length: 3 }).notNull().default(''),
    // A new stamp whenever anything the detail shows changes: the estimate, its sections, items
    // or their comments, its project's or client's name (triggers of migration 0017). The
    // detail's JSON is kept per stamp instead of built again for every request (decision 0039).
    revision: bigint('revision', { mode: 'number' })
      .notNull()
      .default(sql`nextval('estimate_revisions')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('estimates_project_idx').on(t.projectId),
    index('estimates_name_idx').on(sql`lower(${t.name})`, t.id),
    check('estimates_name_not_blank', notBlank(t.name)),
    check('estimates_safe_modifier_positive', sql`${t.safeModifier} > 0`),
    check('estimates_hourly_rate_positive', sql`${t.hourlyRate} > 0`),
    check('estimates_rate_has_currency', sql`${t.hourlyRate} is null or ${t.currency} <> ''`),
    check('estimates_description_length', maxLength(t.description, L.longText)),
    check('estimates_scope_of_work_length', maxLength(t.scopeOfWork, L.longText)),
    check('estimates_deliverables_length', maxLength(t.deliverables, L.longText)),
    check('estimates_not_included_length', maxLength(t.notIncluded, L.longText)),
  ],
);

export const estimateSections = pgTable(
  'estimate_sections',
  {
    id: serialId(),
    estimateId: parentId('estimate_id', () => estimates.id),
    name: varchar('name', { length: L.sectionName }).notNull(),
    // 0-based position among the estimate's sections, kept gap-free by http/ordering.ts.
    order: integer('order').notNull(),
  },
  (t) => [
    uniqueIndex('estimate_sections_estimate_order_key').on(t.estimateId, t.order),
    check('estimate_sections_order_not_negative', sql`${t.order} >= 0`),
    check('estimate_sections_name_not_blank', notBlank(t.name)),
  ],
);

export const estimateItems = pgTable(
  'estimate_items',
  {
    id: serialId(),
    // A deleted section takes its items (and their comments) with it.
    sectionId: parentId('section_id', () => estimateSections.id),
    description: text('description').notNull(),
    hoursLow: hours('hours_low').notNull().default('0.00'),
    hoursHigh: hours('hours_high').notNull().default('0.00'),
    notes: text('notes').notNull().default(''),
    questions: text('questions').notNull().default(''),
    // 0-based position within the section, kept gap-free by http/ordering.ts.
    order: integer('order').notNull(),
  },
  (t) => [
    uniqueIndex('estimate_items_section_order_key').on(t.sectionId, t.order),
    check('estimate_items_order_not_negative', sql`${t.order} >= 0`),
    check('estimate_items_hours_low_not_negative', sql`${t.hoursLow} >= 0`),
    check('estimate_items_hours_high_not_negative', sql`${t.hoursHigh} >= 0`),
    check('estimate_items_hours_low_not_above_high', sql`${t.hoursLow} <= ${t.hoursHigh}`),
    check('estimate_items_description_not_blank', notBlank(t.description)),
    check('estimate_items_description_length', maxLength(t.description, L.itemDescription)),
    check('estimate_items_notes_length', maxLength(t.notes, L.itemText)),
    check('estimate_items_questions_length', maxLength(t.questions, L.itemText)),
  ],
);

export const estimateItemComments = pgTable(
  'estimate_item_comments',
  {
    id: serialId(),
    itemId: parentId('item_id', () => estimateItems.id),
    // A comment outlives its author's account (the discussion of an item stays whole).
    userId: userRef('user_id'),
    content: text('content').notNull(),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    // Also serves the per-item comment counts of an estimate detail (index-only: `deleted_at`
    // is in it so that skipping soft-deleted comments needs no visit to the table).
    index('estimate_item_comments_item_idx').on(t.itemId, t.createdAt, t.id, t.deletedAt),
    index('estimate_item_comments_user_idx').on(t.userId),
    index('estimate_item_comments_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
    check('estimate_item_comments_content_not_blank', notBlank(t.content)),
    check('estimate_item_comments_content_length', maxLength(t.content, L.comment)),
  ],
);
