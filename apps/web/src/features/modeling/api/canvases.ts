import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  canvasConflictSchema,
  canvasListSchema,
  canvasSchema,
  type Canvas,
  type CanvasConflict,
  type CanvasSummary,
} from '@portal/contract/canvas';
import {
  canvasImportResponseSchema,
  type CanvasImportRequest,
} from '@portal/contract/canvas-import';
import { ApiError, request } from '../../../lib/api';
import { fetchAll } from '../../../lib/fetch-all';
import { canvasKeys } from './keys';

const PATH = '/api/canvas/';
const detailPath = (id: number) => `${PATH}${id}/`;

/** Every canvas, each with its client's name and without its diagram (spec §7 Modeling). */
export const useCanvases = () =>
  useQuery({
    queryKey: canvasKeys.list(),
    queryFn: ({ signal }) => fetchAll(PATH, canvasListSchema, {}, signal),
  });

/**
 * One canvas with its diagram (`data`, a JSON string; '' for a new canvas) and `version`. Always
 * asked anew when the editor opens: a copy cached from a visit minutes ago may be older than
 * someone else's save, and an editor started on it could only ever save into a conflict.
 */
const canvasQuery = (id: number) => ({
  queryKey: canvasKeys.detail(id),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    request(detailPath(id), { signal, schema: canvasSchema }),
  staleTime: 0,
});

export const useCanvas = (id: number) => useQuery({ ...canvasQuery(id), refetchOnMount: 'always' });

/** The canvas as saved now, asked anew whatever is cached: for an editor that takes it in place. */
export const useFetchCanvas = (id: number) => {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.fetchQuery(canvasQuery(id)), [queryClient, id]);
};

const toSummary = ({ data: _data, ...summary }: Canvas): CanvasSummary => summary;

/** A canvas the server just answered into its detail and into the loaded list. */
const remember = (queryClient: QueryClient, canvas: Canvas) => {
  queryClient.setQueryData(canvasKeys.detail(canvas.id), canvas);
  queryClient.setQueryData<CanvasSummary[]>(canvasKeys.list(), (list) => {
    if (!list) return list;
    const summary = toSummary(canvas);
    return list.some((row) => row.id === canvas.id)
      ? list.map((row) => (row.id === canvas.id ? summary : row))
      : [summary, ...list];
  });
};

export type CanvasCreateInput = { name: string; client_id: number };

/** Spec §7: a new canvas is created with an empty diagram; the answer carries its id. */
export const useCreateCanvas = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CanvasCreateInput) =>
      request(PATH, { method: 'POST', body: { ...body, data: '' }, schema: canvasSchema }),
    onSuccess: (canvas) => remember(queryClient, canvas),
  });
};

/**
 * Imports a SQL script into a canvas (issue 29, decision 0053): the answer is the canvas saved
 * as a new version with what was added, updated and skipped. No toast here: the dialog shows a
 * syntax error at the script and a 409 with its way out.
 */
export const useImportCanvasSql = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CanvasImportRequest) =>
      request(`${detailPath(id)}import-sql/`, {
        method: 'POST',
        body,
        schema: canvasImportResponseSchema,
      }),
    onSuccess: (answer) => remember(queryClient, answer.canvas),
  });
};

/** The 409 answer of a save over a newer one (`{detail, version}`), or null for any other error. */
export const canvasConflict = (error: unknown): CanvasConflict | null => {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = canvasConflictSchema.safeParse(error.body);
  return body.success ? body.data : null;
};

export const useDeleteCanvas = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<null>(detailPath(id), { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<CanvasSummary[]>(canvasKeys.list(), (list) =>
        list?.filter((row) => row.id !== id),
      );
      queryClient.removeQueries({ queryKey: canvasKeys.detail(id) });
    },
  });
};
