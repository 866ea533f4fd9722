import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { TEST_PLAN_LIMITS, TEST_STEP_TYPES } from '@portal/contract/test-plans';
import { milestones } from './projects';
import { isOneOf, maxLength, notBlank, parentId, serialId } from './columns';

const L = TEST_PLAN_LIMITS;

export const testFlows = pgTable(
  'test_flows',
  {
    id: serialId(),
    // A test plan belongs to its milestone: deleting the milestone deletes its flows and steps.
    milestoneId: parentId('milestone_id', () => milestones.id),
    name: varchar('name', { length: L.flowName }).notNull(),
    // 0-based position among the milestone's flows, kept gap-free by http/ordering.ts.
    order: integer('order').notNull(),
  },
  (t) => [
    uniqueIndex('test_flows_milestone_order_key').on(t.milestoneId, t.order),
    check('test_flows_order_not_negative', sql`${t.order} >= 0`),
    check('test_flows_name_not_blank', notBlank(t.name)),
  ],
);

export const testSteps = pgTable(
  'test_steps',
  {
    id: serialId(),
    testFlowId: parentId('test_flow_id', () => testFlows.id),
    description: text('description').notNull(),
    type: varchar('type', { length: 10 }).notNull().default('VERIFY'),
    // 0-based position within the flow, kept gap-free by http/ordering.ts.
    order: integer('order').notNull(),
  },
  (t) => [
    uniqueIndex('test_steps_flow_order_key').on(t.testFlowId, t.order),
    check('test_steps_order_not_negative', sql`${t.order} >= 0`),
    check('test_steps_type_known', isOneOf(t.type, TEST_STEP_TYPES)),
    check('test_steps_description_not_blank', notBlank(t.description)),
    check('test_steps_description_length', maxLength(t.description, L.stepDescription)),
  ],
);
