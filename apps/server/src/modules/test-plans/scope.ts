import { and, asc, eq, inArray } from 'drizzle-orm';
import { FIELD_MESSAGES } from '@portal/contract/fields';
import type { Executor } from '../../db/client';
import { milestones, testFlows, testSteps } from '../../db/schema/index';
import { fieldError } from '../../http/errors';
import { scopeThrough, type Scope } from '../../http/scope';
import { projectScope } from '../projects/service';

/**
 * What of the test plans a scope may see, and therefore edit (spec §6: acceptance testing is
 * shared work): staff everything, members the plans of their clients' projects' milestones.
 * Each helper is a condition on an id column, a subquery run inside the caller's statement.
 */
export const milestoneScope = scopeThrough(milestones, 'projectId', projectScope);
export const flowScope = scopeThrough(testFlows, 'milestoneId', milestoneScope);
export const stepScope = scopeThrough(testSteps, 'testFlowId', flowScope);

/**
 * A milestone named in a request body: the row when the scope may see it, else a 400 on the
 * field worded the same whether it does not exist or is someone else's. Held (KEY SHARE) until
 * the write commits, so it cannot vanish under the insert.
 */
export const referencedMilestone = async (tx: Executor, scope: Scope, id: number) => {
  const [row] = await tx
    .select({ id: milestones.id })
    .from(milestones)
    .where(and(eq(milestones.id, id), milestoneScope(tx, scope, milestones.id)))
    .limit(1)
    .for('key share');
  if (!row) throw fieldError('milestone', FIELD_MESSAGES.pkMissing(id));
  return row;
};

/**
 * KEY SHARE on the milestone of a flow write, taken before any flow lock. Renumbering flows
 * updates each row twice and the second update re-checks the foreign key to the milestone; a
 * milestone delete holding the milestone and waiting for the flows would otherwise deadlock.
 */
export const lockMilestone = (tx: Executor, id: number) =>
  tx.select({ id: milestones.id }).from(milestones).where(eq(milestones.id, id)).for('key share');

/**
 * KEY SHARE locks on the flows a step write touches, taken first and in id order (decision
 * 0009's lesson): a flow move or delete locks the milestone's flows FOR UPDATE in id order, and
 * a step renumbering re-checks its flow's key after the steps are locked, so every writer takes
 * flow locks before step locks. Answers the flows found in scope, with their milestone.
 */
export const lockFlows = (tx: Executor, scope: Scope, ids: number[]) =>
  tx
    .select({ id: testFlows.id, milestoneId: testFlows.milestoneId })
    .from(testFlows)
    .where(and(inArray(testFlows.id, ids), flowScope(tx, scope, testFlows.id)))
    .orderBy(asc(testFlows.id))
    .for('key share');
