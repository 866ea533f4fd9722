import { useCallback } from 'react';
import type { EstimateItemComment } from '@portal/contract/estimates';
import { CommentCount, CommentThread } from '../../../components/comments/comment-thread';
import { useCommentThread } from '../../../components/comments/use-comment-thread';
import { useSession } from '../../../lib/auth';
import { useMentionable } from '../../notifications/api/notifications';
import { useEstimate } from '../api/estimates';
import {
  useCreateItemComment,
  useDeleteItemComment,
  useItemComments,
  useRestoreItemComment,
} from '../api/comments';

/** An item's comments, oldest first, and a box to add one: for staff and the client alike. */
export const ItemComments = ({ estimateId, itemId }: { estimateId: number; itemId: number }) => {
  const { user, isSuperuser } = useSession();
  const query = useItemComments(itemId);
  const create = useCreateItemComment(estimateId, itemId);
  const remove = useDeleteItemComment(estimateId, itemId);
  const restore = useRestoreItemComment(estimateId, itemId);
  // The estimate is in the cache already (its page is open): staff and its client's users.
  const clientId = useEstimate(estimateId).data?.project.client.id ?? null;
  const mentionable = useMentionable(clientId, clientId !== null);
  const thread = useCommentThread(
    query,
    { create, remove, restore },
    useCallback(
      (comment: EstimateItemComment) => ({
        id: comment.id,
        author: comment.user?.email ?? null,
        createdAt: comment.created_at,
        text: comment.content,
        // The server decides too (author or staff); this only hides a button it would refuse.
        canDelete: isSuperuser || (user != null && comment.user?.id === user.id),
      }),
      [isSuperuser, user],
    ),
  );
  const headingId = `item-comments-${itemId}`;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        Comments
        <CommentCount count={thread.comments.data?.length} />
      </h3>
      <CommentThread
        {...thread}
        textField="content"
        placeholder="Ask a question or leave a note…"
        mentionables={mentionable.data}
      />
    </section>
  );
};
