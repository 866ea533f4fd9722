import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  EstimateItemComment,
  EstimateItemCommentCreateRequest,
  EstimateItemCommentListQuery,
} from '@portal/contract/estimates';
import type { Database } from '../../../db/client';
import { estimateItemComments, users } from '../../../db/schema/index';
import type { AuthContext } from '../../../http/auth';
import { permissionDenied } from '../../../http/errors';
import { countedPage, underParent } from '../../../http/list-by-parent';
import type { PageWindow } from '../../../http/pagination';
import type { Scope } from '../../../http/scope';
import { live, purgeExpired, restorable } from '../../../http/soft-delete';
import { forgetQuotes, notifyItemComment, restoreQuotes } from '../../notifications/notify';
import {
  commentNamed,
  commentWords,
  forgetCommentWords,
  record,
  restoreCommentWords,
} from '../../activity/record';
import { estimateOfItem, onEstimate } from '../activity';
import { itemScope, referencedItem } from '../scope';
import { authorColumns, authorOf, mayDeleteComment, type AuthorColumns } from '../../users/authors';

const columns = {
  id: estimateItemComments.id,
  item: estimateItemComments.itemId,
  content: estimateItemComments.content,
  createdAt: estimateItemComments.createdAt,
  ...authorColumns,
};

type CommentRecord = { id: number; item: number; content: string; createdAt: Date } & AuthorColumns;

// Shaped like a lead comment's row and answer, but the API names differ (`content` and `user`
// here, `message` and `created_by` there): only the author is shared (`users/authors.ts`).
const toCommentDto = (r: CommentRecord): EstimateItemComment => ({
  id: r.id,
  item: r.item,
  content: r.content,
  user: authorOf(r),
  created_at: r.createdAt.toISOString(),
});

/**
 * Comments on estimate items: read and written by staff and by members of the estimate's
 * client (the one place members write), deleted by their author or staff. Oldest first.
 */
export const createEstimateItemCommentService = (db: Database) => {
  const select = () =>
    db
      .select(columns)
      .from(estimateItemComments)
      .leftJoin(users, eq(users.id, estimateItemComments.userId));

  const inScope = (scope: Scope, id: number, state: SQL | undefined) =>
    and(eq(estimateItemComments.id, id), itemScope(db, scope, estimateItemComments.itemId), state);

  const findOne = async (
    scope: Scope,
    id: number,
    state = live(estimateItemComments.deletedAt),
  ) => {
    const [row] = await select()
      .where(inScope(scope, id, state))
      .limit(1);
    return row ?? null;
  };

  return {
    list: async (
      scope: Scope,
      filters: EstimateItemCommentListQuery,
      page: (total: number) => PageWindow,
    ) => {
      const where = and(
        underParent(
          itemScope(db, scope, estimateItemComments.itemId),
          estimateItemComments.itemId,
          filters.estimate_item,
        ),
        live(estimateItemComments.deletedAt),
      );
      const { total, window } = await countedPage(db, estimateItemComments, where, page);
      const rows = await select()
        .where(where)
        .orderBy(
          asc(estimateItemComments.itemId),
          asc(estimateItemComments.createdAt),
          asc(estimateItemComments.id),
        )
        .limit(window.limit)
        .offset(window.offset);
      return { count: total, window, rows: rows.map(toCommentDto) };
    },

    retrieve: async (scope: Scope, id: number) => {
      const row = await findOne(scope, id);
      return row && toCommentDto(row);
    },

    /** An item outside the caller's scope is a 400 on `item`, as if it did not exist. */
    create: async (
      scope: Scope,
      author: AuthContext,
      body: EstimateItemCommentCreateRequest,
    ): Promise<EstimateItemComment> =>
      db.transaction(async (tx) => {
        const item = await referencedItem(tx, scope, body.item);
        const [row] = await tx
          .insert(estimateItemComments)
          .values({ itemId: item.id, content: body.content, userId: author.user.id })
          .returning();
        if (!row) throw new Error('comment not created');
        await notifyItemComment(tx, {
          actorId: author.user.id,
          itemId: item.id,
          commentId: row.id,
          content: row.content,
        });
        await record(tx, {
          verb: 'commented',
          ...onEstimate(estimateOfItem(item.id)),
          data: { part: 'item', name: item.description, ...commentWords(row.id, row.content) },
        });
        return toCommentDto({
          id: row.id,
          item: row.itemId,
          content: row.content,
          createdAt: row.createdAt,
          authorId: author.user.id,
          authorEmail: author.user.email,
        });
      }),

    /**
     * A comment the caller can see but did not write (and who is not staff) is a 403. Soft
     * delete: the comment keeps its author, time and place for Undo (`restore`).
     */
    destroy: async (scope: Scope, auth: AuthContext, id: number): Promise<boolean> => {
      const row = await findOne(scope, id);
      if (!row) return false;
      if (!mayDeleteComment(auth, row.authorId)) throw permissionDenied();
      return db.transaction(async (tx) => {
        await purgeExpired(tx, estimateItemComments, estimateItemComments.deletedAt);
        const [deleted] = await tx
          .update(estimateItemComments)
          .set({ deletedAt: sql`now()` })
          .where(and(eq(estimateItemComments.id, id), live(estimateItemComments.deletedAt)))
          .returning({ id: estimateItemComments.id });
        if (deleted) {
          const on = onEstimate(estimateOfItem(row.item));
          await forgetCommentWords(tx, on.target, id);
          await forgetQuotes(tx, id);
          await record(tx, { verb: 'deleted', ...on, data: commentNamed(id) });
        }
        return deleted !== undefined;
      });
    },

    /** Undo of a delete, for whoever could delete it: the comment as it was, in its place. */
    restore: async (
      scope: Scope,
      auth: AuthContext,
      id: number,
    ): Promise<EstimateItemComment | null> => {
      const row = await findOne(scope, id, restorable(estimateItemComments.deletedAt));
      if (!row) return null;
      if (!mayDeleteComment(auth, row.authorId)) throw permissionDenied();
      return db.transaction(async (tx) => {
        const [restored] = await tx
          .update(estimateItemComments)
          .set({ deletedAt: null })
          .where(and(eq(estimateItemComments.id, id), restorable(estimateItemComments.deletedAt)))
          .returning({ id: estimateItemComments.id });
        if (!restored) return null;
        const on = onEstimate(estimateOfItem(row.item));
        await restoreCommentWords(tx, on.target, id, row.content);
        await restoreQuotes(tx, id, row.content);
        await record(tx, { verb: 'restored', ...on, data: commentNamed(id) });
        return toCommentDto(row);
      });
    },
  };
};
