import { asc, count, eq, type SQL } from 'drizzle-orm';
import { FIELD_MESSAGES } from '@portal/contract/fields';
import {
  PROJECT_MESSAGES,
  type Phase,
  type PhaseWriteRequest,
  type ProjectPhase,
  type ProjectPhaseCreateRequest,
  type ProjectPhaseUpdateRequest,
} from '@portal/contract/projects';
import type { Database, Executor } from '../../../db/client';
import { phases, projectPhases } from '../../../db/schema/index';
import { ApiError, fieldError, nonFieldError } from '../../../http/errors';
import { changedFields, record } from '../../activity/record';
import type { PageWindow } from '../../../http/pagination';
import type { Scope } from '../../../http/scope';
import { projectChild } from '../children';
import { referencedProject } from '../service';

type PhaseRow = typeof phases.$inferSelect;

const toPhaseDto = (row: PhaseRow): Phase => ({ id: row.id, phase_name: row.phaseName });

const pgErrorOf = (error: unknown) => {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const pg = e as Error & { code?: string; constraint?: string };
    if (pg.code) return { code: pg.code, constraint: pg.constraint ?? null };
  }
  return null;
};

/** The studio's phase names: everyone signed in reads them, staff edit them. */
export const createPhaseService = (db: Database) => {
  /** A duplicate name (case-insensitive) is a 400 on `phase_name`. */
  const write = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (pgErrorOf(error)?.constraint === 'phases_phase_name_key')
        throw fieldError('phase_name', PROJECT_MESSAGES.duplicatePhaseName);
      throw error;
    }
  };

  return {
    list: async (page: (total: number) => PageWindow) => {
      const [totals] = await db.select({ total: count() }).from(phases);
      const total = totals?.total ?? 0;
      const window = page(total);
      // Seeded in the order a project goes through them, so ids read as the natural order.
      const rows = await db
        .select()
        .from(phases)
        .orderBy(asc(phases.id))
        .limit(window.limit)
        .offset(window.offset);
      return { count: total, window, rows: rows.map(toPhaseDto) };
    },

    retrieve: async (id: number) => {
      const [row] = await db.select().from(phases).where(eq(phases.id, id)).limit(1);
      return row ? toPhaseDto(row) : null;
    },

    create: (body: PhaseWriteRequest) =>
      write(async () => {
        const [row] = await db.insert(phases).values({ phaseName: body.phase_name }).returning();
        if (!row) throw new Error('phase not created');
        return toPhaseDto(row);
      }),

    update: (id: number, body: Partial<PhaseWriteRequest>) =>
      write(async () => {
        if (body.phase_name === undefined) {
          const [row] = await db.select().from(phases).where(eq(phases.id, id));
          return row ? toPhaseDto(row) : null;
        }
        const [row] = await db
          .update(phases)
          .set({ phaseName: body.phase_name })
          .where(eq(phases.id, id))
          .returning();
        return row ? toPhaseDto(row) : null;
      }),

    /** A phase that projects use stays (409); removing it would rewrite their history. */
    destroy: async (id: number) => {
      try {
        const deleted = await db.delete(phases).where(eq(phases.id, id)).returning();
        return deleted.length > 0;
      } catch (error) {
        // ON DELETE RESTRICT answers 23001; 23503 would be a plain foreign key violation.
        const code = pgErrorOf(error)?.code;
        if (code === '23001' || code === '23503')
          throw new ApiError(409, { detail: PROJECT_MESSAGES.phaseInUse });
        throw error;
      }
    },
  };
};

const projectPhaseColumns = {
  id: projectPhases.id,
  projectId: projectPhases.projectId,
  completed: projectPhases.completed,
  phaseId: phases.id,
  phaseName: phases.phaseName,
};

const toProjectPhaseDto = (row: {
  id: number;
  projectId: number;
  completed: string | null;
  phaseId: number;
  phaseName: string;
}): ProjectPhase => ({
  id: row.id,
  project: row.projectId,
  phase: { id: row.phaseId, phase_name: row.phaseName },
  completed: row.completed,
});

/** Which phases a project goes through, and the day each was completed. */
export const createProjectPhaseService = (db: Database) => {
  const { visible, list } = projectChild(db, projectPhases, projectPhases);
  const select = (executor: Executor, where: SQL | undefined) =>
    executor
      .select(projectPhaseColumns)
      .from(projectPhases)
      .innerJoin(phases, eq(phases.id, projectPhases.phaseId))
      .where(where);

  const findOne = async (scope: Scope, id: number, executor: Executor = db) => {
    const [row] = await select(executor, visible(scope, id)).limit(1);
    return row ? toProjectPhaseDto(row) : null;
  };

  /** Holds the phase (KEY SHARE) until the write commits, so it cannot be deleted meanwhile. */
  const requirePhase = async (tx: Executor, id: number) => {
    const [row] = await tx
      .select({ id: phases.id, name: phases.phaseName })
      .from(phases)
      .where(eq(phases.id, id))
      .for('key share');
    if (!row) throw fieldError('phase', FIELD_MESSAGES.pkMissing(id));
    return row;
  };

  /** The same phase twice on one project is a non-field error, as DRF's unique-together. */
  const write = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (pgErrorOf(error)?.constraint === 'project_phases_project_phase_key')
        throw nonFieldError(PROJECT_MESSAGES.duplicatePhase);
      throw error;
    }
  };

  return {
    list: list(async (where, { limit, offset }) =>
      (
        await select(db, where)
          .orderBy(asc(projectPhases.projectId), asc(phases.id), asc(projectPhases.id))
          .limit(limit)
          .offset(offset)
      ).map(toProjectPhaseDto),
    ),

    retrieve: findOne,

    create: async (scope: Scope, body: ProjectPhaseCreateRequest): Promise<ProjectPhase> => {
      return write(() =>
        db.transaction(async (tx) => {
          const project = await referencedProject(tx, scope, body.project);
          const phase = await requirePhase(tx, body.phase);
          const [row] = await tx
            .insert(projectPhases)
            .values({
              projectId: project.id,
              phaseId: body.phase,
              completed: body.completed ?? null,
            })
            .returning({ id: projectPhases.id });
          if (!row) throw new Error('project phase not created');
          await record(tx, {
            verb: 'created',
            target: { type: 'phase', id: row.id, label: phase.name },
            project: project.id,
          });
          // The answer is read in the transaction that wrote it (issue 28, decision 0051).
          const created = await findOne(scope, row.id, tx);
          if (!created) throw new Error('project phase vanished');
          return created;
        }),
      );
    },

    update: async (scope: Scope, id: number, body: Partial<ProjectPhaseUpdateRequest>) => {
      const current = await findOne(scope, id);
      if (!current) return null;
      const changes: Partial<typeof projectPhases.$inferInsert> = {};
      if (body.phase !== undefined) changes.phaseId = body.phase;
      if (body.completed !== undefined) changes.completed = body.completed;
      if (Object.keys(changes).length > 0)
        await write(() =>
          db.transaction(async (tx) => {
            const phase = body.phase === undefined ? null : await requirePhase(tx, body.phase);
            await tx.update(projectPhases).set(changes).where(eq(projectPhases.id, id));
            await record(tx, {
              verb: 'updated',
              target: { type: 'phase', id, label: phase?.name ?? current.phase.phase_name },
              project: current.project,
              data: { fields: changedFields(body), completed: body.completed },
            });
          }),
        );
      return findOne(scope, id);
    },

    destroy: async (scope: Scope, id: number) => {
      const current = await findOne(scope, id);
      if (!current) return false;
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(projectPhases)
          .where(visible(scope, id, tx))
          .returning({ id: projectPhases.id });
        if (deleted.length > 0)
          await record(tx, {
            verb: 'deleted',
            target: { type: 'phase', id, label: current.phase.phase_name },
            project: current.project,
          });
        return deleted.length > 0;
      });
    },
  };
};
