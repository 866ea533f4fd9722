import { sql } from 'drizzle-orm';
import {
  check,
  inet,
  integer,
  jsonb,
  pgTable,
  text,
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
import { userRef } from './users';
import { at, maxLength, oneOf, parentId, serialId } from './columns';

const L = ESTIMATE_VERSION_LIMITS;

/**
 * A frozen copy of an estimate sent to its client (DESIGN §8). `snapshot` is the estimate detail
 * answer as it was when sent and is never updated; the decision columns are written once, by the
 * one UPDATE that finds the version still `sent`.
 */
export const estimateVersions = pgTable(
  'estimate_versions',
  {
    id: serialId(),
    // The versions go with their estimate: what was agreed lives on in the emails and PDFs.
    estimateId: parentId('estimate_id', () => estimates.id),
    number: integer('number').notNull(),
    status: varchar('status', { length: 20 }).$type<EstimateVersionStatus>().notNull(),
    message: text('message').notNull().default(''),
    snapshot: jsonb('snapshot').$type<EstimateDetail>().notNull(),
    sentAt: at('sent_at').notNull().defaultNow(),
    // Until when it may be approved: sent_at + the studio's validity days at the time (issue 25).
    validUntil: at('valid_until').notNull(),
    // A version outlives the accounts of who sent or decided it.
    sentById: userRef('sent_by_id'),
    decidedAt: at('decided_at'),
    decidedById: userRef('decided_by_id'),
    signatureName: varchar('signature_name', { length: L.signatureName }),
    signatureIp: inet('signature_ip'),
    signatureUserAgent: text('signature_user_agent'),
    decisionNote: text('decision_note'),
  },
  (t) => [
    // Numbers per estimate, and the newest-first list of one estimate's versions.
    uniqueIndex('estimate_versions_estimate_number_key').on(t.estimateId, t.number),
    check(
      'estimate_versions_status_valid',
      sql`${t.status} in (${oneOf(ESTIMATE_VERSION_STATUSES)})`,
    ),
    check('estimate_versions_number_positive', sql`${t.number} > 0`),
    check('estimate_versions_message_length', maxLength(t.message, L.message)),
    check('estimate_versions_note_length', maxLength(t.decisionNote, L.note)),
  ],
);
