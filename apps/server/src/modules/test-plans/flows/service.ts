import { eq } from 'drizzle-orm';
import type { MoveRequest } from '@portal/contract/ordering';
import type {
  TestFlow,
  TestFlowCreateRequest,
  TestFlowUpdateRequest,
} from '@portal/contract/test-plans';
import type { Database } from '../../../db/client';
import { testFlows } from '../../../db/schema/index';
import { ordering } from '../../../http/ordering';
import { parentReads } from '../../../http/list-by-parent';
import type { Scope } from '../../../http/scope';
import { retryOnDeadlock } from '../../../db/retry';
import { record } from '../../activity/record';
import { onTestPlan } from '../activity';
import { loadFlows } from '../flows-query';
import { lockMilestone, milestoneScope, referencedMilestone } from '../scope';

const flowColumns = {
  table: testFlows,
  id: testFlows.id,
  parent: testFlows.milestoneId,
  order: testFlows.order,
};
export const flowOrder = ordering(flowColumns);

/** A milestone's test flows, in their order, each answered with its steps. */
export const createTestFlowService = (db: Database) => {
  const { visible, findOne, list } = parentReads(
    db,
    flowColumns,
    { scope: milestoneScope, filter: 'milestone' },
    loadFlows,
  );

  /** The milestone of a flow the scope may see; flows never change milestone. */
  const milestoneOf = async (scope: Scope, id: number) => {
    const [row] = await db
      .select({ milestoneId: testFlows.milestoneId })
      .from(testFlows)
      .where(visible(scope, id))
      .limit(1);
    return row?.milestoneId ?? null;
  };

  return {
    list,

    retrieve: findOne,

    create: async (scope: Scope, body: TestFlowCreateRequest): Promise<TestFlow> =>
      retryOnDeadlock(() =>
        db.transaction(async (tx) => {
          const milestone = await referencedMilestone(tx, scope, body.milestone);
          const order = await flowOrder.nextPosition(tx, milestone.id);
          const [row] = await tx
            .insert(testFlows)
            .values({ milestoneId: milestone.id, name: body.name, order })
            .returning();
          if (!row) throw new Error('test flow not created');
          await record(tx, {
            verb: 'created',
            ...onTestPlan(milestone.id),
            data: { part: 'flow', name: row.name },
          });
          return {
            id: row.id,
            name: row.name,
            order: row.order,
            milestone: row.milestoneId,
            test_steps: [],
          };
        }),
      ),

    update: async (scope: Scope, id: number, body: Partial<TestFlowUpdateRequest>) => {
      const { name } = body;
      if (name !== undefined) {
        const found = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(testFlows)
            .set({ name })
            .where(visible(scope, id))
            .returning({ milestoneId: testFlows.milestoneId });
          if (row)
            await record(tx, {
              verb: 'updated',
              ...onTestPlan(row.milestoneId),
              data: { part: 'flow', name, fields: ['name'] },
            });
          return row !== undefined;
        });
        if (!found) return null;
      }
      return findOne(scope, id);
    },

    /** Its steps go with it (the foreign key cascades); the gap among the flows closes. */
    destroy: async (scope: Scope, id: number) => {
      const milestoneId = await milestoneOf(scope, id);
      if (milestoneId === null) return false;
      return retryOnDeadlock(() =>
        db.transaction(async (tx) => {
          await lockMilestone(tx, milestoneId);
          const [flow] = await tx
            .select({ name: testFlows.name })
            .from(testFlows)
            .where(eq(testFlows.id, id));
          if (!flow || (await flowOrder.remove(tx, id)) === null) return false;
          await record(tx, {
            verb: 'deleted',
            ...onTestPlan(milestoneId),
            data: { part: 'flow', name: flow.name },
          });
          return true;
        }),
      );
    },

    /** Answers the milestone's flows in their new order, or null for an unknown flow. */
    move: async (scope: Scope, id: number, move: MoveRequest): Promise<TestFlow[] | null> => {
      const milestoneId = await milestoneOf(scope, id);
      if (milestoneId === null) return null;
      return retryOnDeadlock(() =>
        db.transaction(async (tx) => {
          await lockMilestone(tx, milestoneId);
          const moved = await flowOrder.move(tx, id, move);
          return moved && loadFlows(tx, eq(testFlows.milestoneId, moved.parentId));
        }),
      );
    },
  };
};
