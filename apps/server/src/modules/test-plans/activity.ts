import { sql, type SQL } from 'drizzle-orm';
import { milestones, testFlows } from '../../db/schema/index';

/**
 * Activity on a milestone's test plan (decision 0022): flows and steps are entries on the plan,
 * whose id is its milestone's and whose label is the milestone's name, with `data.part` and
 * `data.name` ("added step “Open the cart” to the test plan Beta"), in the project's history.
 * Moves are not recorded, as on every board.
 */
export const onTestPlan = (milestoneId: number | SQL<number>) => ({
  target: {
    type: 'test_plan' as const,
    id: milestoneId,
    label: sql<string>`(SELECT ${milestones.name} FROM ${milestones} WHERE ${milestones.id} = ${milestoneId})`,
  },
  project: sql<number>`(SELECT ${milestones.projectId} FROM ${milestones} WHERE ${milestones.id} = ${milestoneId})`,
});

/** The milestone of a flow, as a subquery for `onTestPlan`. */
export const milestoneOfFlow = (flowId: number) =>
  sql<number>`(SELECT ${testFlows.milestoneId} FROM ${testFlows} WHERE ${testFlows.id} = ${flowId})`;
