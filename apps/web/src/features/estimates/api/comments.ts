import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  estimateItemCommentListSchema,
  estimateItemCommentSchema,
  type EstimateItemComment,
} from '@portal/contract/estimates';
import { request } from '../../../lib/api';
import { changeCommentCount } from '../lib/estimate-state';
import { fetchAll } from '../../../lib/fetch-all';
import { putBack } from '../../../lib/put-back';
import { estimateKeys } from './keys';
import { useEstimateCache } from './use-estimate-cache';

const PATH = '/api/estimate-item-comments/';

/** An item's comments, oldest first. */
export const useItemComments = (itemId: number) =>
  useQuery({
    queryKey: estimateKeys.comments(itemId),
    queryFn: ({ signal }) =>
      fetchAll(PATH, estimateItemCommentListSchema, { estimate_item: itemId }, signal),
  });

/** Staff and the client's members comment; the item's count in its row follows. */
export const useCreateItemComment = (estimateId: number, itemId: number) => {
  const queryClient = useQueryClient();
  const cache = useEstimateCache(estimateId);
  return useMutation({
    mutationFn: (content: string) =>
      request(PATH, {
        method: 'POST',
        body: { content, item: itemId },
        schema: estimateItemCommentSchema,
      }),
    onSuccess: (comment) => {
      queryClient.setQueryData<EstimateItemComment[]>(
        estimateKeys.comments(itemId),
        (comments) => comments && [...comments, comment],
      );
      cache((estimate) => changeCommentCount(estimate, itemId, 1));
    },
  });
};

/** Its author or staff delete a comment. */
export const useDeleteItemComment = (estimateId: number, itemId: number) => {
  const queryClient = useQueryClient();
  const cache = useEstimateCache(estimateId);
  return useMutation({
    mutationFn: (commentId: number) => request(`${PATH}${commentId}/`, { method: 'DELETE' }),
    onSuccess: (_answer, commentId) => {
      queryClient.setQueryData<EstimateItemComment[]>(estimateKeys.comments(itemId), (comments) =>
        comments?.filter((comment) => comment.id !== commentId),
      );
      cache((estimate) => changeCommentCount(estimate, itemId, -1));
    },
  });
};

/** Undo of a delete: the comment comes back as it was, in its place; the count follows. */
export const useRestoreItemComment = (estimateId: number, itemId: number) => {
  const queryClient = useQueryClient();
  const cache = useEstimateCache(estimateId);
  return useMutation({
    mutationFn: (commentId: number) =>
      request(`${PATH}${commentId}/restore/`, {
        method: 'POST',
        schema: estimateItemCommentSchema,
      }),
    onSuccess: (comment) => {
      queryClient.setQueryData<EstimateItemComment[]>(
        estimateKeys.comments(itemId),
        (comments) => comments && putBack(comments, comment, 'oldest-first'),
      );
      cache((estimate) => changeCommentCount(estimate, itemId, 1));
    },
  });
};
