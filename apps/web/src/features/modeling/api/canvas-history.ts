import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  canvasRestoreResponseSchema,
  canvasVersionListSchema,
} from '@portal/contract/canvas-history';
import { request } from '../../../lib/api';
import { canvasKeys } from './keys';

export const HISTORY_PAGE_SIZE = 20;

const versionsPath = (id: number) => `/api/canvas/${id}/versions/`;

/** A canvas's versions, newest first, a page at a time ("Show older"); only while shown. */
export const useCanvasVersions = (id: number, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: canvasKeys.versions(id),
    queryFn: ({ pageParam, signal }) =>
      request(versionsPath(id), {
        query: { page: pageParam, page_size: HISTORY_PAGE_SIZE },
        signal,
        schema: canvasVersionListSchema,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, page) => (last.next ? page + 1 : undefined),
    enabled,
    staleTime: 0,
  });

export type RestoreInput = {
  /** The version to bring back. */
  restore: number;
  /** The canvas's version as the editor knows it: a newer one on the server answers 409. */
  current: number;
};

/** An earlier diagram saved as the canvas's next version; the answer is the canvas. */
export const useRestoreVersion = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ restore, current }: RestoreInput) =>
      request(`${versionsPath(id)}${restore}/restore/`, {
        method: 'POST',
        body: { version: current },
        schema: canvasRestoreResponseSchema,
      }),
    onSuccess: (canvas) => {
      queryClient.setQueryData(canvasKeys.detail(id), canvas);
      void queryClient.invalidateQueries({ queryKey: canvasKeys.versions(id) });
    },
  });
};
