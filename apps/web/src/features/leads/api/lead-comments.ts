import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@portal/contract/common';
import { leadCommentListSchema, leadCommentSchema, type LeadComment } from '@portal/contract/leads';
import { request } from '../../../lib/api';
import { putBack } from '../../../lib/put-back';
import { leadKeys } from './keys';

const PATH = '/api/lead-comments/';

/** Every comment of a lead, oldest first (the server's order), following `next` to the end. */
export const fetchLeadComments = async (
  leadId: number,
  signal?: AbortSignal,
): Promise<LeadComment[]> => {
  const comments: LeadComment[] = [];
  for (let page = 1; ; page++) {
    const answer = await request(PATH, {
      query: { lead: leadId, page, page_size: MAX_PAGE_SIZE },
      signal,
      schema: leadCommentListSchema,
    });
    comments.push(...answer.results);
    if (!answer.next || answer.results.length === 0) return comments;
  }
};

export const useLeadComments = (leadId: number) =>
  useQuery({
    queryKey: leadKeys.comments(leadId),
    queryFn: ({ signal }) => fetchLeadComments(leadId, signal),
  });

export const useCreateLeadComment = (leadId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      request(PATH, {
        method: 'POST',
        body: { message, lead: leadId },
        schema: leadCommentSchema,
      }),
    onSuccess: (comment) =>
      queryClient.setQueryData<LeadComment[]>(
        leadKeys.comments(leadId),
        (comments) => comments && [...comments, comment],
      ),
  });
};

export const useDeleteLeadComment = (leadId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => request(`${PATH}${commentId}/`, { method: 'DELETE' }),
    onSuccess: (_answer, commentId) =>
      queryClient.setQueryData<LeadComment[]>(leadKeys.comments(leadId), (comments) =>
        comments?.filter((comment) => comment.id !== commentId),
      ),
  });
};

/** Undo of a delete: the comment comes back with its author and time, in its place. */
export const useRestoreLeadComment = (leadId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) =>
      request(`${PATH}${commentId}/restore/`, { method: 'POST', schema: leadCommentSchema }),
    onSuccess: (comment) =>
      queryClient.setQueryData<LeadComment[]>(
        leadKeys.comments(leadId),
        (comments) => comments && putBack(comments, comment, 'oldest-first'),
      ),
  });
};
