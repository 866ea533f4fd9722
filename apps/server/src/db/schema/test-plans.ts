import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { TEST_PLAN_LIMITS, TEST_STEP_TYPES } from '@portal/contract/test-plans';
import { milestones } from './projects';

const L = TEST_PLAN_LIMITS;
const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const testFlows = pgTable(
  'test_flows',
  {
    id: serial('id').primaryKey(),
    // A test plan belongs to its milestone: deleting the milestone deletes its flows and steps.
    milestoneId: integer('milestone_id')
      .notNull()
      .references(() => milestones.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: L.flowName }).notNull(),
    // 0-based position among the milestone's flows, kept gap-free by http/ordering.ts.
    order: integer('order').notNull(),
  },
  (t) => [
    uniqueIndex('test_flows_milestone_order_key').on(t.milestoneId, t.order),
    check('test_flows_order_not_negative', sql`${t.order} >= 0`),
    check('test_flows_name_not_blank', sql`btrim(${t.name}) <> ''`),
  ],
);

export const testSteps = pgTable(
  'test_steps',
  {
    id: serial('id').primaryKey(),
    testFlowId: integer('test_flow_id')
      .notNull()
      .references(() => testFlows.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    type: varchar('type', { length: 10 }).notNull().default('VERIFY'),
    // 0-based position within the flow, kept gap-free by http/ordering.ts.
    order: integer('order').notNull(),
  },
  (t) => [
    uniqueIndex('test_steps_flow_order_key').on(t.testFlowId, t.order),
    check('test_steps_order_not_negative', sql`${t.order} >= 0`),
    check('test_steps_type_known', sql`${t.type} IN (${oneOf(TEST_STEP_TYPES)})`),
    check('test_steps_description_not_blank', sql`btrim(${t.description}) <> ''`),
    check(
      'test_steps_description_length',
      sql`length(${t.description}) <= ${sql.raw(String(L.stepDescription))}`,
    ),
  ],
);
