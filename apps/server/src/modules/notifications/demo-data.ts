import { asc, sql } from 'drizzle-orm';
import type { TransactionalExecutor } from '../../db/client';
import { estimateItemComments, notifications } from '../../db/schema/index';
import { notifyItemComment } from './notify';

/** How many of each person's demo notifications stay unread, so the bell has something to say. */
const UNREAD = 3;

/**
 * The notifications the demo comments would have caused (the demo writes its comments directly),
 * dated like them. All count as mailed already: a first start must not email the demo people.
 */
export const seedDemoNotifications = async (db: TransactionalExecutor) => {
  await db.transaction(async (tx) => {
    const comments = await tx
      .select({
        id: estimateItemComments.id,
        itemId: estimateItemComments.itemId,
        userId: estimateItemComments.userId,
        content: estimateItemComments.content,
        createdAt: estimateItemComments.createdAt,
      })
      .from(estimateItemComments)
      .orderBy(asc(estimateItemComments.createdAt), asc(estimateItemComments.id));
    for (const comment of comments) {
      if (comment.userId === null) continue;
      await notifyItemComment(tx, {
        actorId: comment.userId,
        itemId: comment.itemId,
        commentId: comment.id,
        content: comment.content,
      });
      await tx
        .update(notifications)
        .set({ createdAt: comment.createdAt })
        .where(sql`${notifications.createdAt} = now()`);
    }
    await tx.update(notifications).set({ emailedAt: sql`now()` });
    await tx.execute(sql`
      UPDATE ${notifications} SET read_at = now()
      WHERE id IN (
        SELECT id FROM (
          SELECT id, row_number() OVER (PARTITION BY recipient_id ORDER BY created_at DESC, id DESC) AS n
          FROM ${notifications}
        ) ranked WHERE n > ${UNREAD}
      )`);
  });
};
