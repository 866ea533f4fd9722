import { and, asc, eq, inArray } from 'drizzle-orm';
import { FIELD_MESSAGES } from '@portal/contract/fields';
import type {
  TestFlow,
  TestStep,
  TestStepCreateRequest,
  TestStepListQuery,
  TestStepMoveRequest,
  TestStepUpdateRequest,
} from '@portal/contract/test-plans';
import type { Database } from '../../../db/client';
import { testFlows, testSteps } from '../../../db/schema/index';
import { fieldError } from '../../../http/errors';
import { leftThenEntered, ordering } from '../../../http/ordering';
import { countedPage, underParent } from '../../../http/list-by-parent';
import type { PageWindow } from '../../../http/pagination';
import type { Scope } from '../../../http/scope';
import { retryOnDeadlock } from '../../../db/retry';
import { changedFields, excerpt, record } from '../../activity/record';
import { milestoneOfFlow, onTestPlan } from '../activity';
import { loadFlows, toStepDto } from '../flows-query';
import { flowScope, lockFlows, stepScope } from '../scope';

export const STEP_MESSAGES = {
  otherMilestone: 'Steps move only between flows of the same milestone.',
} as const;

export const stepOrder = ordering({
  table: testSteps,
  id: testSteps.id,
  parent: testSteps.testFlowId,
  order: testSteps.order,
});

/** Steps of a flow, in their order; they move within and between a milestone's flows. */
export const createTestStepService = (db: Database) => {
  const visible = (scope: Scope, id: number) =>
    and(eq(testSteps.id, id), stepScope(db, scope, testSteps.id));

  const findOne = async (scope: Scope, id: number): Promise<TestStep | null> => {
    const [row] = await db.select().from(testSteps).where(visible(scope, id)).limit(1);
    return row ? toStepDto(row) : null;
  };

  return {
    list: async (scope: Scope, filters: TestStepListQuery, page: (total: number) => PageWindow) => {
      const where = underParent(
        flowScope(db, scope, testSteps.testFlowId),
        testSteps.testFlowId,
        filters.test_flow,
      );
      const { total, window } = await countedPage(db, testSteps, where, page);
      const rows = await db
        .select({ step: testSteps })
        .from(testSteps)
        .innerJoin(testFlows, eq(testFlows.id, testSteps.testFlowId))
        .where(where)
        .orderBy(asc(testFlows.milestoneId), asc(testFlows.order), asc(testSteps.order))
        .limit(window.limit)
        .offset(window.offset);
      return { count: total, window, rows: rows.map((r) => toStepDto(r.step)) };
    },

    retrieve: findOne,

    create: async (scope: Scope, body: TestStepCreateRequest): Promise<TestStep> =>
      retryOnDeadlock(() =>
        db.transaction(async (tx) => {
          const [flow] = await lockFlows(tx, scope, [body.test_flow]);
          if (!flow) throw fieldError('test_flow', FIELD_MESSAGES.pkMissing(body.test_flow));
          const order = await stepOrder.nextPosition(tx, flow.id);
          const [row] = await tx
            .insert(testSteps)
            .values({ testFlowId: flow.id, description: body.description, type: body.type, order })
            .returning();
          if (!row) throw new Error('test step not created');
          const placed = await stepOrder.placeAt(tx, row.id, body.insert_at);
          await record(tx, {
            verb: 'created',
            ...onTestPlan(flow.milestoneId),
            data: { part: 'step', name: excerpt(row.description) },
          });
          return toStepDto({ ...row, order: placed ?? row.order });
        }),
      ),

    update: async (scope: Scope, id: number, body: Partial<TestStepUpdateRequest>) => {
      const columns: Partial<typeof testSteps.$inferInsert> = {};
      if (body.description !== undefined) columns.description = body.description;
      if (body.type !== undefined) columns.type = body.type;
      if (Object.keys(columns).length > 0) {
        const found = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(testSteps)
            .set(columns)
            .where(visible(scope, id))
            .returning();
          if (row)
            await record(tx, {
              verb: 'updated',
              ...onTestPlan(milestoneOfFlow(row.testFlowId)),
              data: { part: 'step', name: excerpt(row.description), fields: changedFields(body) },
            });
          return row !== undefined;
        });
        if (!found) return null;
      }
      return findOne(scope, id);
    },

    /** The gap in its flow closes. */
    destroy: async (scope: Scope, id: number) => {
      const step = await findOne(scope, id);
      if (!step) return false;
      return retryOnDeadlock(() =>
        db.transaction(async (tx) => {
          const [flow] = await lockFlows(tx, scope, [step.test_flow]);
          if (!flow || (await stepOrder.remove(tx, id)) === null) return false;
          await record(tx, {
            verb: 'deleted',
            ...onTestPlan(flow.milestoneId),
            data: { part: 'step', name: excerpt(step.description) },
          });
          return true;
        }),
      );
    },

    /**
     * Moves a step within its flow, or into another flow of the same milestone. Answers the
     * affected flows with their steps in order (source first, then target), or null when the
     * step is unknown. It reads like the estimate item move, yet stays apart: each checks its own
     * parents' family (same milestone vs same estimate) with its own field and message, and
     * answers its own parents with their children (decisions 0009, 0010).
     */
    move: async (
      scope: Scope,
      id: number,
      move: TestStepMoveRequest,
    ): Promise<TestFlow[] | null> => {
      const step = await findOne(scope, id);
      if (!step) return null;
      const targetId = move.test_flow ?? step.test_flow;
      return retryOnDeadlock(() =>
        db.transaction(async (tx) => {
          const locked = await lockFlows(tx, scope, [step.test_flow, targetId]);
          if (targetId === step.test_flow) {
            const moved = await stepOrder.move(tx, id, move);
            return moved && loadFlows(tx, eq(testFlows.id, moved.parentId));
          }
          const source = locked.find((flow) => flow.id === step.test_flow);
          const target = locked.find((flow) => flow.id === targetId);
          if (!target) throw fieldError('test_flow', FIELD_MESSAGES.pkMissing(targetId));
          // The source flow went away with the step (a concurrent flow delete).
          if (!source) return null;
          // Flows never change milestone, so this holds for the rest of the transaction.
          if (target.milestoneId !== source.milestoneId)
            throw fieldError('test_flow', STEP_MESSAGES.otherMilestone);
          const moved = await stepOrder.moveToParent(tx, id, target.id, move.to);
          if (!moved) return null;
          const flows = await loadFlows(
            tx,
            inArray(testFlows.id, [moved.previousParentId, moved.parentId]),
          );
          return leftThenEntered(flows, moved);
        }),
      );
    },
  };
};
