import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { LEAD_LIMITS, LEAD_PHONE_MATCH_MIN_DIGITS, LEAD_STATUSES } from '@portal/contract/leads';
import { clients } from './clients';
import { projects } from './projects';
import { userRef } from './users';
import { createdAt, deletedAt, isOneOf, maxLength, notBlank, parentId, serialId } from './columns';

/**
 * The text the lead search matches: names, email, company and phone in one lowercased string,
 * kept by PostgreSQL in the generated column `search_text` (decision 0024).
 */
export const leadSearchDocument = (t: {
  firstName: unknown;
  lastName: unknown;
  email: unknown;
  company: unknown;
  phone: unknown;
}) =>
  sql`lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email} || ' ' || ${t.company} || ' ' || ${t.phone})`;

/** A phone's digits as SQL: the expression `leads_phone_digits_idx` indexes (see phoneDigits). */
export const leadPhoneDigits = (phone: unknown) => sql`regexp_replace(${phone}, '[^0-9]', '', 'g')`;

/**
 * Text compared byte by byte (`COLLATE "C"`): the search column is lowercased once when the row
 * is written (in the database's own collation, so non-ASCII letters fold too), so a match needs
 * no case folding or locale rules, only bytes.
 */
const byteText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text COLLATE "C"',
});

export const leads = pgTable(
  'leads',
  {
    id: serialId(),
    firstName: varchar('first_name', { length: LEAD_LIMITS.name }).notNull(),
    lastName: varchar('last_name', { length: LEAD_LIMITS.name }).notNull(),
    email: varchar('email', { length: LEAD_LIMITS.email }).notNull(),
    phone: varchar('phone', { length: LEAD_LIMITS.phone }).notNull().default(''),
    company: varchar('company', { length: LEAD_LIMITS.company }).notNull().default(''),
    title: varchar('title', { length: LEAD_LIMITS.title }).notNull().default(''),
    status: varchar('status', { length: 32 }).notNull().default('new'),
    notes: text('notes').notNull().default(''),
    message: text('message').notNull().default(''),
    // The query parameters of the page a website lead came from: a flat map of text.
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    // What a won lead became (issue 18); the lead stays if the client or project goes.
    convertedClientId: integer('converted_client_id').references(() => clients.id, {
      onDelete: 'set null',
    }),
    convertedProjectId: integer('converted_project_id').references(() => projects.id, {
      onDelete: 'set null',
    }),
    // What the search matches, maintained by PostgreSQL on every write; `leads_search_trgm`
    // indexes it. Stored beside the row, the recheck after the trigram bitmap reads one narrow
    // column instead of lowercasing five (decision 0024).
    searchText: byteText('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL =>
        leadSearchDocument({
          firstName: leads.firstName,
          lastName: leads.lastName,
          email: leads.email,
          company: leads.company,
          phone: leads.phone,
        }),
      ),
  },
  (t) => [
    // Duplicate detection: the same email (any case) or the same phone digits (see phoneDigits).
    index('leads_email_lower_idx').on(sql`lower(${t.email})`),
    index('leads_phone_digits_idx')
      .on(leadPhoneDigits(t.phone))
      .where(
        sql`length(${leadPhoneDigits(t.phone)}) >= ${sql.raw(String(LEAD_PHONE_MATCH_MIN_DIGITS))}`,
      ),
    index('leads_converted_client_idx').on(t.convertedClientId),
    index('leads_converted_project_idx').on(t.convertedProjectId),
    index('leads_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Newest first, with and without the status filter; `id` breaks ties in the same instant.
    index('leads_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('leads_status_created_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The other orders of the list (`?ordering=status`, `company`, either way; decision 0054),
    // with and without the status filter, `id` last as in the list's ORDER BY. `company` itself
    // trails the key: PostgreSQL answers an index-only scan of `lower(company)` only when the
    // index also holds the column under the expression, and a deep page's ids are picked from
    // the index alone (drizzle has no INCLUDE; as a last key column it sorts nothing, id is unique).
    index('leads_status_id_idx').on(t.status, t.id),
    index('leads_company_idx').on(sql`lower(${t.company})`, t.id, t.company),
    index('leads_status_company_idx').on(t.status, sql`lower(${t.company})`, t.id, t.company),
    check('leads_status_known', isOneOf(t.status, LEAD_STATUSES)),
    check('leads_metadata_object', sql`jsonb_typeof(${t.metadata}) = 'object'`),
    check('leads_notes_length', maxLength(t.notes, LEAD_LIMITS.notes)),
    check('leads_message_length', maxLength(t.message, LEAD_LIMITS.message)),
  ],
);

export const leadComments = pgTable(
  'lead_comments',
  {
    id: serialId(),
    leadId: parentId('lead_id', () => leads.id),
    message: text('message').notNull(),
    // A comment outlives its author's account (the history of a lead stays whole).
    createdById: userRef('created_by_id'),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('lead_comments_lead_idx').on(t.leadId, t.createdAt, t.id),
    index('lead_comments_created_by_idx').on(t.createdById),
    index('lead_comments_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
    check('lead_comments_message_not_blank', notBlank(t.message)),
    check('lead_comments_message_length', maxLength(t.message, LEAD_LIMITS.comment)),
  ],
);

/**
 * How many times the leads have changed (one row, id 1): every transaction that writes `leads`
 * adds one as it commits (decisions 0024, 0042), through the triggers `leads_list_changed` and
 * `lead_list_writes_commit`.
 */
export const leadListVersion = pgTable(
  'lead_list_version',
  {
    id: integer('id').primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [check('lead_list_version_one_row', sql`${t.id} = 1`)],
);

/**
 * A mark per transaction that wrote `leads`, written by its first such statement and deleted as
 * it commits (decision 0042): its deferred trigger bumps the version at commit, so a long import
 * holds the version row for the moment of its commit, not for its whole length. Always empty
 * between transactions.
 */
export const leadListWrites = pgTable('lead_list_writes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
});

/**
 * The lead list's counts per filter, each valid for the `version` of the leads it was counted on
 * (decision 0024): a broad search counts its matches once per change of the leads instead of on
 * every page. The trigger empties it whenever the leads change.
 */
export const leadListCounts = pgTable('lead_list_counts', {
  key: text('key').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  total: integer('total').notNull(),
});
