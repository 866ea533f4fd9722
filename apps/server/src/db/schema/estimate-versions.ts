import { sql } from 'drizzle-orm';
import {
  check,
  inet,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { EstimateDetail } from '@portal/contract/estimates';
import {
  ESTIMATE_VERSION_LIMITS,
  ESTIMATE_VERSION_STATUSES,
  type EstimateVersionStatus,
} from '@portal/contract/estimate-versions';
import { estimates } from './estimates';
import { users } from './users';

const L = ESTIMATE_VERSION_LIMITS;
const statusList = sql.raw(ESTIMATE_VERSION_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * A frozen copy of an estimate sent to its client (DESIGN §8). `snapshot` is the estimate detail
 * answer as it was when sent and is never updated; the decision columns are written once, by the
 * one UPDATE that finds the version still `sent`.
 */
export const estimateVersions = pgTable(
  'estimate_versions',
  {
    id: serial('id').primaryKey(),
    // The versions go with their estimate: what was agreed lives on in the emails and PDFs.
    estimateId: integer('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: varchar('status', { length: 20 }).$type<EstimateVersionStatus>().notNull(),
    message: text('message').notNull().default(''),
    snapshot: jsonb('snapshot').$type<EstimateDetail>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    // A version outlives the accounts of who sent or decided it.
    sentById: integer('sent_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedById: integer('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    signatureName: varchar('signature_name', { length: L.signatureName }),
    signatureIp: inet('signature_ip'),
    signatureUserAgent: text('signature_user_agent'),
    decisionNote: text('decision_note'),
  },
  (t) => [
    // Numbers per estimate, and the newest-first list of one estimate's versions.
    uniqueIndex('estimate_versions_estimate_number_key').on(t.estimateId, t.number),
    check('estimate_versions_status_valid', sql`${t.status} in (${statusList})`),
    check('estimate_versions_number_positive', sql`${t.number} > 0`),
    check(
      'estimate_versions_message_length',
      sql`length(${t.message}) <= ${sql.raw(String(L.message))}`,
    ),
    check(
      'estimate_versions_note_length',
      sql`length(${t.decisionNote}) <= ${sql.raw(String(L.note))}`,
    ),
  ],
);
