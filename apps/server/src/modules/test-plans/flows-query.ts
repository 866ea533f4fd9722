import { sql, type SQL } from 'drizzle-orm';
import type { TestFlow, TestStep } from '@portal/contract/test-plans';
import type { Executor } from '../../db/client';
import { testFlows, testSteps } from '../../db/schema/index';

type StepRow = typeof testSteps.$inferSelect;

export const toStepDto = (row: StepRow): TestStep => ({
  id: row.id,
  description: row.description,
  type: row.type as TestStep['type'],
  test_flow: row.testFlowId,
  order: row.order,
});

/**
 * The flows matching `where` as one JSON array in the wire shape, each with its steps in order,
 * in milestone and flow order. One statement whatever the plan's size (50 flows × 30 steps).
 */
const flowsJson = (where: SQL | undefined) => sql<TestFlow[]>`(
  SELECT coalesce(json_agg(json_build_object(
      'id', ${testFlows.id},
      'name', ${testFlows.name},
      'order', ${testFlows.order},
      'milestone', ${testFlows.milestoneId},
      'test_steps', coalesce(flow_steps.steps, '[]'::json)
    ) ORDER BY ${testFlows.milestoneId}, ${testFlows.order}), '[]'::json)
  FROM ${testFlows}
  LEFT JOIN LATERAL (
    SELECT json_agg(json_build_object(
        'id', ${testSteps.id},
        'description', ${testSteps.description},
        'type', ${testSteps.type},
        'test_flow', ${testSteps.testFlowId},
        'order', ${testSteps.order}
      ) ORDER BY ${testSteps.order}) AS steps
    FROM ${testSteps}
    WHERE ${testSteps.testFlowId} = ${testFlows.id}
  ) AS flow_steps ON true
  ${where ? sql`WHERE ${where}` : sql``}
)`;

export const loadFlows = async (db: Executor, where: SQL | undefined) => {
  const result = await db.execute<{ flows: TestFlow[] }>(sql`SELECT ${flowsJson(where)} AS flows`);
  return result.rows[0]?.flows ?? [];
};
