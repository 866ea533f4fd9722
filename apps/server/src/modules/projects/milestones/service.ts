import { asc, eq } from 'drizzle-orm';
import type {
  Milestone,
  MilestoneCreateRequest,
  MilestoneUpdateRequest,
} from '@portal/contract/milestones';
import type { MoveRequest } from '@portal/contract/ordering';
import type { Database, Executor } from '../../../db/client';
import { milestones } from '../../../db/schema/index';
import { ordering } from '../../../http/ordering';
import { record } from '../../activity/record';
import type { Scope } from '../../../http/scope';
import { projectChild } from '../children';
import { referencedProject } from '../service';

type MilestoneRow = typeof milestones.$inferSelect;

const toMilestoneDto = (row: MilestoneRow): Milestone => ({
  id: row.id,
  name: row.name,
  project: row.projectId,
  order: row.order,
});

const milestoneContext = (row: { id: number; name: string; projectId: number }) => ({
  target: { type: 'milestone', id: row.id, label: row.name } as const,
  project: row.projectId,
});

const milestoneOrder = ordering({
  table: milestones,
  id: milestones.id,
  parent: milestones.projectId,
  order: milestones.order,
});

/** A project's milestones, in their order; created last, reordered by `move`. */
export const createMilestoneService = (db: Database) => {
  const { visible, list } = projectChild(db, milestones, milestones);

  const findOne = async (scope: Scope, id: number) => {
    const [row] = await db.select().from(milestones).where(visible(scope, id)).limit(1);
    return row ?? null;
  };

  const ofProject = async (executor: Executor, projectId: number) =>
    (
      await executor
        .select()
        .from(milestones)
        .where(eq(milestones.projectId, projectId))
        .orderBy(asc(milestones.order))
    ).map(toMilestoneDto);

  return {
    list: list(async (where, { limit, offset }) =>
      (
        await db
          .select()
          .from(milestones)
          .where(where)
          .orderBy(asc(milestones.projectId), asc(milestones.order))
          .limit(limit)
          .offset(offset)
      ).map(toMilestoneDto),
    ),

    retrieve: async (scope: Scope, id: number) => {
      const row = await findOne(scope, id);
      return row && toMilestoneDto(row);
    },

    create: async (scope: Scope, body: MilestoneCreateRequest): Promise<Milestone> => {
      return db.transaction(async (tx) => {
        const project = await referencedProject(tx, scope, body.project);
        const order = await milestoneOrder.nextPosition(tx, project.id);
        const [row] = await tx
          .insert(milestones)
          .values({ projectId: project.id, name: body.name, order })
          .returning();
        if (!row) throw new Error('milestone not created');
        await record(tx, { verb: 'created', ...milestoneContext(row) });
        return toMilestoneDto(row);
      });
    },

    update: async (scope: Scope, id: number, body: Partial<MilestoneUpdateRequest>) => {
      if (body.name === undefined) return findOne(scope, id).then((r) => r && toMilestoneDto(r));
      const { name } = body;
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(milestones)
          .set({ name })
          .where(visible(scope, id))
          .returning();
        if (updated)
          await record(tx, {
            verb: 'updated',
            ...milestoneContext(updated),
            data: { fields: ['name'] },
          });
        return updated;
      });
      return row ? toMilestoneDto(row) : null;
    },

    /** Deleting closes the gap, so the others keep positions 0..n-1. */
    destroy: async (scope: Scope, id: number) => {
      const milestone = await findOne(scope, id);
      if (!milestone) return false;
      return db.transaction(async (tx) => {
        if ((await milestoneOrder.remove(tx, id)) === null) return false;
        await record(tx, { verb: 'deleted', ...milestoneContext(milestone) });
        return true;
      });
    },

    /** Answers the project's milestones in their new order, or null for an unknown one. */
    move: async (scope: Scope, id: number, move: MoveRequest): Promise<Milestone[] | null> => {
      if (!(await findOne(scope, id))) return null;
      return db.transaction(async (tx) => {
        const moved = await milestoneOrder.move(tx, id, move);
        return moved && ofProject(tx, moved.parentId);
      });
    },
  };
};
