import type { LeadComment } from '@portal/contract/leads';
import { CommentCount, CommentThread } from '../../../components/comments/comment-thread';
import { useCommentThread } from '../../../components/comments/use-comment-thread';
import { useMentionable } from '../../notifications/api/notifications';
import {
  useCreateLeadComment,
  useDeleteLeadComment,
  useLeadComments,
  useRestoreLeadComment,
} from '../api/lead-comments';
import { DrawerSection } from './drawer-section';

// Any staff member may delete a lead comment (leads are staff-only).
const toThread = (comment: LeadComment) => ({
  id: comment.id,
  author: comment.created_by?.email ?? null,
  createdAt: comment.created_at,
  text: comment.message,
  canDelete: true,
});

/** Spec §2: the lead's comments, oldest first, and a box to add one (leads are staff-only). */
export const LeadComments = ({ leadId }: { leadId: number }) => {
  const query = useLeadComments(leadId);
  const create = useCreateLeadComment(leadId);
  const remove = useDeleteLeadComment(leadId);
  const restore = useRestoreLeadComment(leadId);
  // Leads are staff-only: only staff may be mentioned.
  const mentionable = useMentionable(null);
  const thread = useCommentThread(query, { create, remove, restore }, toThread);
  return (
    <DrawerSection title="Comments" aside={<CommentCount count={thread.comments.data?.length} />}>
      <CommentThread
        {...thread}
        textField="message"
        placeholder="Write a comment…"
        mentionables={mentionable.data}
      />
    </DrawerSection>
  );
};
