import { useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toastError } from './errors';

export type MoveContext<T> = { previous: T | undefined };

/**
 * The bookkeeping of drag-and-drop moves on one cached record (DESIGN §4): the screen shows the
 * new order at once, the `move` call persists it, and the server's answer is the truth; a refused
 * move rolls back with an error toast. The caller's mutations share `mutationKey` and a `scope`,
 * so they run one after the other in the order made and the server applies them as the screen
 * did. While several are on their way, the answer of an early one would undo the later ones on
 * screen: only the last answer is applied, and the record is then fetched again to be sure.
 */
export const useOptimisticMoves = <T>(key: QueryKey, mutationKey: QueryKey) => {
  const queryClient = useQueryClient();
  const overlapped = useRef(false);

  const onlyMove = () => queryClient.isMutating({ mutationKey }) <= 1;

  /** For `onMutate`: applies the move to the cache and remembers what was there. */
  const optimistic = async (change: (data: T) => T): Promise<MoveContext<T>> => {
    if (!onlyMove()) overlapped.current = true;
    // A fetch already on its way would bring the old order back.
    await queryClient.cancelQueries({ queryKey: key });
    const previous = queryClient.getQueryData<T>(key);
    queryClient.setQueryData<T>(key, (data) => (data === undefined ? data : change(data)));
    return { previous };
  };

  /**
   * For `onSuccess`: applies the server's answer, unless a later move is still on its way.
   * `reload` fetches the record again after the last move even when none overlapped.
   */
  const settle = (apply: (data: T) => T, { reload = false } = {}) => {
    if (!onlyMove()) {
      overlapped.current = true;
      return;
    }
    queryClient.setQueryData<T>(key, (data) => (data === undefined ? data : apply(data)));
    if (overlapped.current || reload) {
      overlapped.current = false;
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };

  /** For `onError`: a toast, and the old order back (or a fresh copy, if moves overlapped). */
  const fail = (error: unknown, context: MoveContext<T> | undefined) => {
    toastError(error);
    if (onlyMove() && !overlapped.current) {
      if (context?.previous !== undefined) queryClient.setQueryData(key, context.previous);
      return;
    }
    // Later moves were built on this one: only a fresh copy tells what the server holds now.
    overlapped.current = false;
    void queryClient.invalidateQueries({ queryKey: key });
  };

  return { optimistic, settle, fail };
};
