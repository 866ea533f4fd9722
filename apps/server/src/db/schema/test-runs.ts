import { check, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { TEST_RESULTS, TEST_RUN_LIMITS, TEST_RUN_STATUSES } from '@portal/contract/test-runs';
import { TEST_STEP_TYPES } from '@portal/contract/test-plans';
import { milestones } from './projects';
import { userRef } from './users';
import { at, isOneOf, parentId, serialId } from './columns';

const L = TEST_RUN_LIMITS;

export const testRuns = pgTable(
  'test_runs',
  {
    id: serialId(),
    milestoneId: parentId('milestone_id', () => milestones.id),
    // N of the default name "Run N": 1, 2, … per milestone.
    number: integer('number').notNull(),
    name: varchar('name', { length: L.name }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('in_progress'),
    startedById: userRef('started_by_id'),
    startedAt: at('started_at').notNull().defaultNow(),
    completedAt: at('completed_at'),
    signedOffById: userRef('signed_off_by_id'),
    signedOffAt: at('signed_off_at'),
    signatureName: varchar('signature_name', { length: L.signatureName }).notNull().default(''),
    signOffNote: text('sign_off_note').notNull().default(''),
    // Evidence of the signature, never shown on the wire.
    signatureIp: varchar('signature_ip', { length: 64 }),
    signatureUserAgent: text('signature_user_agent'),
  },
  (t) => [
    uniqueIndex('test_runs_milestone_number_key').on(t.milestoneId, t.number),
    index('test_runs_milestone_started_idx').on(t.milestoneId, t.startedAt),
    check('test_runs_status_known', isOneOf(t.status, TEST_RUN_STATUSES)),
  ],
);

export const testRunResults = pgTable(
  'test_run_results',
  {
    id: serialId(),
    runId: parentId('run_id', () => testRuns.id),
    order: integer('order').notNull(),
    // Copies of the plan at the start, so later plan edits never change a run.
    flowName: varchar('flow_name', { length: 255 }).notNull(),
    stepDescription: text('step_description').notNull(),
    stepType: varchar('step_type', { length: 10 }).notNull(),
    result: varchar('result', { length: 10 }).notNull().default('untested'),
    note: text('note').notNull().default(''),
    updatedById: userRef('updated_by_id'),
    updatedAt: at('updated_at'),
  },
  (t) => [
    uniqueIndex('test_run_results_run_order_key').on(t.runId, t.order),
    check('test_run_results_result_known', isOneOf(t.result, TEST_RESULTS)),
    check('test_run_results_step_type_known', isOneOf(t.stepType, TEST_STEP_TYPES)),
  ],
);

export const testRunAttachments = pgTable(
  'test_run_attachments',
  {
    id: serialId(),
    resultId: parentId('result_id', () => testRunResults.id),
    // Where the storage driver keeps the bytes; served only through the API (decision 0019).
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    name: varchar('name', { length: L.attachmentName }).notNull(),
    contentType: varchar('content_type', { length: 50 }).notNull(),
    size: integer('size').notNull(),
    uploadedById: userRef('uploaded_by_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('test_run_attachments_result_idx').on(t.resultId)],
);
