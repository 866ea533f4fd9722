import { useMemo } from 'react';
import { CommentCount, CommentThread } from '../../../components/comments/comment-thread';
import { useMentionable } from '../../notifications/api/notifications';
import {
  useCreateLeadComment,
  useDeleteLeadComment,
  useLeadComments,
  useRestoreLeadComment,
} from '../api/lead-comments';
import { DrawerSection } from './drawer-section';

/** Spec §2: the lead's comments, oldest first, and a box to add one (leads are staff-only). */
export const LeadComments = ({ leadId }: { leadId: number }) => {
  const query = useLeadComments(leadId);
  const create = useCreateLeadComment(leadId);
  const remove = useDeleteLeadComment(leadId);
  const restore = useRestoreLeadComment(leadId);
  // Leads are staff-only: only staff may be mentioned.
  const mentionable = useMentionable(null);
  const data = useMemo(
    () =>
      query.data?.map((comment) => ({
        id: comment.id,
        author: comment.created_by?.email ?? null,
        createdAt: comment.created_at,
        text: comment.message,
        canDelete: true,
      })),
    [query.data],
  );

  return (
    <DrawerSection title="Comments" aside={<CommentCount count={data?.length} />}>
      <CommentThread
        comments={{
          isPending: query.isPending,
          isError: query.isError,
          data,
          refetch: query.refetch,
        }}
        onCreate={create.mutateAsync}
        onDelete={remove.mutateAsync}
        onRestore={restore.mutateAsync}
        textField="message"
        placeholder="Write a comment…"
        mentionables={mentionable.data}
      />
    </DrawerSection>
  );
};
