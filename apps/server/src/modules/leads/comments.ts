import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { FIELD_MESSAGES } from '@portal/contract/fields';
import type {
  LeadComment,
  LeadCommentCreateRequest,
  LeadCommentListQuery,
} from '@portal/contract/leads';
import type { Database } from '../../db/client';
import { leadComments, leads, users } from '../../db/schema/index';
import type { AuthContext } from '../../http/auth';
import { fieldError, permissionDenied } from '../../http/errors';
import type { PageWindow } from '../../http/pagination';
import { live, purgeExpired, restorable } from '../../http/soft-delete';
import { notifyLeadComment } from '../notifications/notify';
import {
  commentNamed,
  commentWords,
  forgetCommentWords,
  record,
  restoreCommentWords,
} from '../activity/record';
import { authorColumns, authorOf, mayDeleteComment, type AuthorColumns } from '../users/authors';

const isForeignKeyViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if ((e as Error & { code?: string }).code === '23503') return true;
  return false;
};

const columns = {
  id: leadComments.id,
  lead: leadComments.leadId,
  message: leadComments.message,
  createdAt: leadComments.createdAt,
  ...authorColumns,
};

type CommentRecord = { id: number; lead: number; message: string; createdAt: Date } & AuthorColumns;

// Shaped like an estimate item comment's, with the lead API's own names (`message`,
// `created_by`): only the author is shared (`users/authors.ts`).
const toCommentDto = (r: CommentRecord): LeadComment => ({
  id: r.id,
  lead: r.lead,
  message: r.message,
  created_by: authorOf(r),
  created_at: r.createdAt.toISOString(),
});

/** An entry on a lead known by id: its label is read inside the insert. */
const onLead = (leadId: number) => ({
  target: {
    type: 'lead' as const,
    id: leadId,
    label: sql<string>`(SELECT coalesce(nullif(btrim(${leads.firstName} || ' ' || ${leads.lastName}), ''), ${leads.email}) FROM ${leads} WHERE ${leads.id} = ${leadId})`,
  },
});

/** Comments on leads (staff only); oldest first, as a conversation reads. */
export const createLeadCommentService = (db: Database) => {
  const select = () =>
    db.select(columns).from(leadComments).leftJoin(users, eq(users.id, leadComments.createdById));

  const findById = async (id: number, state: SQL | undefined = live(leadComments.deletedAt)) => {
    const [row] = await select()
      .where(and(eq(leadComments.id, id), state))
      .limit(1);
    return row ?? null;
  };

  return {
    list: async (query: LeadCommentListQuery, page: (count: number) => PageWindow) => {
      const where = and(
        live(leadComments.deletedAt),
        query.lead === undefined ? undefined : eq(leadComments.leadId, query.lead),
      );
      const [totals] = await db.select({ total: count() }).from(leadComments).where(where);
      const total = totals?.total ?? 0;
      const window = page(total);
      const rows = await select()
        .where(where)
        .orderBy(asc(leadComments.leadId), asc(leadComments.createdAt), asc(leadComments.id))
        .limit(window.limit)
        .offset(window.offset);
      return { count: total, window, rows: rows.map(toCommentDto) };
    },

    retrieve: async (id: number) => {
      const row = await findById(id);
      return row && toCommentDto(row);
    },

    create: async (body: LeadCommentCreateRequest, author: AuthContext): Promise<LeadComment> => {
      const missingLead = () => fieldError('lead', FIELD_MESSAGES.pkMissing(body.lead));
      const [lead] = await db
        .select({
          id: leads.id,
          firstName: leads.firstName,
          lastName: leads.lastName,
          email: leads.email,
        })
        .from(leads)
        .where(eq(leads.id, body.lead))
        .limit(1);
      if (!lead) throw missingLead();
      try {
        const row = await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(leadComments)
            .values({ leadId: body.lead, message: body.message, createdById: author.user.id })
            .returning();
          if (!inserted) throw new Error('comment not created');
          await notifyLeadComment(tx, {
            actorId: author.user.id,
            leadId: lead.id,
            leadName: `${lead.firstName} ${lead.lastName}`,
            leadEmail: lead.email,
            message: inserted.message,
          });
          await record(tx, {
            verb: 'commented',
            ...onLead(body.lead),
            data: commentWords(inserted.id, inserted.message),
          });
          return inserted;
        });
        return toCommentDto({
          id: row.id,
          lead: row.leadId,
          message: row.message,
          createdAt: row.createdAt,
          authorId: author.user.id,
          authorEmail: author.user.email,
        });
      } catch (error) {
        // The lead was deleted between the check and the insert.
        if (isForeignKeyViolation(error)) throw missingLead();
        throw error;
      }
    },

    /** Soft delete: the comment keeps its author, time and place for Undo (`restore`). */
    destroy: async (id: number, auth: AuthContext): Promise<boolean> => {
      const row = await findById(id);
      if (!row) return false;
      if (!mayDeleteComment(auth, row.authorId)) throw permissionDenied();
      return db.transaction(async (tx) => {
        await purgeExpired(tx, leadComments, leadComments.deletedAt);
        const [deleted] = await tx
          .update(leadComments)
          .set({ deletedAt: sql`now()` })
          .where(and(eq(leadComments.id, id), live(leadComments.deletedAt)))
          .returning();
        if (deleted) {
          const on = onLead(deleted.leadId);
          await forgetCommentWords(tx, on.target, id);
          await record(tx, { verb: 'deleted', ...on, data: commentNamed(id) });
        }
        return deleted !== undefined;
      });
    },

    /** Undo of a delete, for whoever could delete it: the comment as it was, in its place. */
    restore: async (id: number, auth: AuthContext): Promise<LeadComment | null> => {
      const row = await findById(id, restorable(leadComments.deletedAt));
      if (!row) return null;
      if (!mayDeleteComment(auth, row.authorId)) throw permissionDenied();
      return db.transaction(async (tx) => {
        const [restored] = await tx
          .update(leadComments)
          .set({ deletedAt: null })
          .where(and(eq(leadComments.id, id), restorable(leadComments.deletedAt)))
          .returning();
        if (!restored) return null;
        const on = onLead(restored.leadId);
        await restoreCommentWords(tx, on.target, id, restored.message);
        await record(tx, { verb: 'restored', ...on, data: commentNamed(id) });
        return toCommentDto(row);
      });
    },
  };
};
