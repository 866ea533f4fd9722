import { useMemo } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ThreadComment, ThreadQuery } from './comment-thread';

type Call<Variables> = { mutateAsync(variables: Variables): Promise<unknown> };

/**
 * What a feature's comments give `<CommentThread>`: its list query with each comment mapped by
 * `toThread` (a stable function: module level or `useCallback`, so the list is mapped again only
 * when it or the mapping changes), and its create, delete and restore calls.
 */
export const useCommentThread = <Comment>(
  query: UseQueryResult<readonly Comment[]>,
  calls: { create: Call<string>; remove: Call<number>; restore: Call<number> },
  toThread: (comment: Comment) => ThreadComment,
) => {
  const data = useMemo(() => query.data?.map(toThread), [query.data, toThread]);
  const comments: ThreadQuery = {
    isPending: query.isPending,
    isError: query.isError,
    data,
    refetch: query.refetch,
  };
  return {
    comments,
    onCreate: calls.create.mutateAsync,
    onDelete: calls.remove.mutateAsync,
    onRestore: calls.restore.mutateAsync,
  };
};
