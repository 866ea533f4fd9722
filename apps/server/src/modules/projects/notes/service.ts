import { and, desc, sql } from 'drizzle-orm';
import type {
  NoteStatus,
  ProjectNote,
  ProjectNoteCreateRequest,
  ProjectNoteUpdateRequest,
} from '@portal/contract/projects';
import type { Database } from '../../../db/client';
import { projectNotes } from '../../../db/schema/index';
import { purgeExpired, restorable } from '../../../http/soft-delete';
import { notifyProjectNote } from '../../notifications/notify';
import type { Scope } from '../../../http/scope';
import { changedFields, excerpt, record } from '../../activity/record';
import { projectChild } from '../children';
import { referencedProject } from '../service';

type NoteRow = typeof projectNotes.$inferSelect;

const toNoteDto = (row: NoteRow): ProjectNote => ({
  id: row.id,
  project: row.projectId,
  content: row.content,
  status: row.status as NoteStatus,
  created_at: row.createdAt.toISOString(),
});

const noteContext = (row: NoteRow) => ({
  target: { type: 'note', id: row.id, label: excerpt(row.content) } as const,
  project: row.projectId,
});

/** Notes on a project, newest first. */
export const createProjectNoteService = (db: Database) => {
  const { inScope, visible, list } = projectChild(db, projectNotes, projectNotes);

  const findOne = async (scope: Scope, id: number) => {
    const [row] = await db.select().from(projectNotes).where(visible(scope, id)).limit(1);
    return row ? toNoteDto(row) : null;
  };

  // A project's child like milestones, but not an ordered one (newest first, no `move`), so it
  // shares only the project child's reads, not defineOrderedResource.
  return {
    list: list(async (where, { limit, offset }) =>
      (
        await db
          .select()
          .from(projectNotes)
          .where(where)
          .orderBy(desc(projectNotes.createdAt), desc(projectNotes.id))
          .limit(limit)
          .offset(offset)
      ).map(toNoteDto),
    ),

    retrieve: findOne,

    create: async (scope: Scope, body: ProjectNoteCreateRequest): Promise<ProjectNote> => {
      return db.transaction(async (tx) => {
        const project = await referencedProject(tx, scope, body.project);
        const [row] = await tx
          .insert(projectNotes)
          .values({ projectId: project.id, content: body.content, status: body.status ?? 'open' })
          .returning();
        if (!row) throw new Error('note not created');
        await notifyProjectNote(tx, {
          actorId: scope.userId,
          noteId: row.id,
          projectId: project.id,
          content: row.content,
        });
        await record(tx, { verb: 'created', ...noteContext(row) });
        return toNoteDto(row);
      });
    },

    update: async (scope: Scope, id: number, body: Partial<ProjectNoteUpdateRequest>) => {
      const changes: Partial<typeof projectNotes.$inferInsert> = {};
      if (body.content !== undefined) changes.content = body.content;
      if (body.status !== undefined) changes.status = body.status;
      if (Object.keys(changes).length === 0) return findOne(scope, id);
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(projectNotes)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(visible(scope, id))
          .returning();
        if (updated)
          await record(tx, {
            verb: 'updated',
            ...noteContext(updated),
            data: { fields: changedFields(body) },
          });
        return updated;
      });
      return row ? toNoteDto(row) : null;
    },

    /** Soft delete: the note keeps its time and place for Undo (`restore`). */
    destroy: async (scope: Scope, id: number) => {
      return db.transaction(async (tx) => {
        await purgeExpired(tx, projectNotes, projectNotes.deletedAt);
        const [deleted] = await tx
          .update(projectNotes)
          .set({ deletedAt: sql`now()` })
          .where(visible(scope, id))
          .returning();
        if (deleted) await record(tx, { verb: 'deleted', ...noteContext(deleted) });
        return deleted !== undefined;
      });
    },

    /** Undo of a delete: the same note, with its id and creation time, back in its place. */
    restore: async (scope: Scope, id: number) => {
      const row = await db.transaction(async (tx) => {
        const [restored] = await tx
          .update(projectNotes)
          .set({ deletedAt: null })
          .where(and(inScope(scope, id), restorable(projectNotes.deletedAt)))
          .returning();
        if (restored) await record(tx, { verb: 'restored', ...noteContext(restored) });
        return restored;
      });
      return row ? toNoteDto(row) : null;
    },
  };
};
