import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  summarize,
  testRunAttachmentSchema,
  testRunListSchema,
  testRunResultSchema,
  testRunSchema,
  type TestRun,
  type TestRunResultUpdateRequest,
  type TestRunSignOffRequest,
  type TestRunStatus,
} from '@portal/contract/test-runs';
import { request } from '../../../lib/api';
import { fetchAll } from '../../../lib/fetch-all';

export const RUNS_PATH = '/api/test-runs/';

/** Every query key of the test run area. */
export const testRunKeys = {
  all: ['test-runs'] as const,
  lists: () => [...testRunKeys.all, 'list'] as const,
  list: (milestoneId: number) => [...testRunKeys.lists(), milestoneId] as const,
  across: (status: TestRunStatus | null) => [...testRunKeys.lists(), 'across', status] as const,
  run: (id: number) => [...testRunKeys.all, 'run', id] as const,
};

/** A milestone's runs, newest first, each with its summary. */
export const useRuns = (milestoneId: number, enabled = true) =>
  useQuery({
    queryKey: testRunKeys.list(milestoneId),
    enabled,
    queryFn: ({ signal }) =>
      fetchAll(RUNS_PATH, testRunListSchema, { milestone: milestoneId }, signal),
  });

/**
 * Runs across every milestone the caller may see (a client: her client's), newest first, each
 * saying where it belongs; `status` narrows them (`completed`: waiting for a sign-off).
 */
export const useRunsAcross = (status: TestRunStatus | null) =>
  useQuery({
    queryKey: testRunKeys.across(status),
    queryFn: ({ signal }) =>
      fetchAll(RUNS_PATH, testRunListSchema, status ? { status } : {}, signal),
  });

/**
 * A run with its results. Not refetched on focus: results being recorded live in the cache
 * (optimistic), and another person's results show after a reload (issue 16).
 */
export const useRun = (id: number, enabled = true) =>
  useQuery({
    queryKey: testRunKeys.run(id),
    queryFn: ({ signal }) => request(`${RUNS_PATH}${id}/`, { signal, schema: testRunSchema }),
    enabled,
    refetchOnWindowFocus: false,
  });

export const useStartRun = (milestoneId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      request(RUNS_PATH, {
        method: 'POST',
        body: { milestone: milestoneId },
        schema: testRunSchema,
      }),
    onSuccess: (run) => {
      queryClient.setQueryData(testRunKeys.run(run.id), run);
      // The milestone's runs, and the lists across milestones (/test-runs).
      void queryClient.invalidateQueries({ queryKey: testRunKeys.lists() });
    },
  });
};

/** Replaces one result in the cached run and recomputes its summary. */
export const patchCachedResult = (
  run: TestRun,
  resultId: number,
  change: (result: TestRun['results'][number]) => TestRun['results'][number],
): TestRun => {
  const results = run.results.map((r) => (r.id === resultId ? change(r) : r));
  return { ...run, results, summary: summarize(results) };
};

export type ResultChange = { resultId: number } & Partial<TestRunResultUpdateRequest>;

/**
 * Records a result or note: shown at once, then saved. Saves of one run go one after the other
 * (a mutation scope), so a fast run of key presses lands in the order made. A refused save keeps
 * what was recorded on screen (nothing is lost) and is reported by the caller, who offers a retry.
 */
export const useRecordResult = (runId: number) => {
  const queryClient = useQueryClient();
  const key = testRunKeys.run(runId);
  return useMutation({
    scope: { id: `test-run-${runId}` },
    mutationFn: ({ resultId, ...body }: ResultChange) =>
      request(`/api/test-run-results/${resultId}/`, {
        method: 'PATCH',
        body,
        schema: testRunResultSchema,
      }),
    onMutate: ({ resultId, ...body }) => {
      queryClient.setQueryData<TestRun>(
        key,
        (run) => run && patchCachedResult(run, resultId, (r) => ({ ...r, ...body })),
      );
    },
    onSuccess: (saved) => {
      // The runs lists' summaries are out of date; they reload when shown again.
      void queryClient.invalidateQueries({ queryKey: testRunKeys.lists() });
      queryClient.setQueryData<TestRun>(
        key,
        (run) =>
          run &&
          patchCachedResult(run, saved.id, (r) => ({
            ...saved,
            // A later change made while this one travelled stays on screen: a result, a note,
            // or a screenshot uploaded meanwhile (this answer's list was read before it).
            result: r.result,
            note: r.note,
            attachments: r.attachments,
          })),
      );
    },
  });
};

export const useUploadAttachment = (runId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ resultId, file }: { resultId: number; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name || 'screenshot.png');
      return request(`/api/test-run-results/${resultId}/attachments/`, {
        method: 'POST',
        body: form,
        schema: testRunAttachmentSchema,
      });
    },
    onSuccess: (attachment, { resultId }) =>
      queryClient.setQueryData<TestRun>(
        testRunKeys.run(runId),
        (run) =>
          run &&
          patchCachedResult(run, resultId, (r) => ({
            ...r,
            attachments: [...r.attachments, attachment],
          })),
      ),
  });
};

const useRunAction = <Body>(runId: number, action: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) =>
      request(`${RUNS_PATH}${runId}/${action}/`, { method: 'POST', body, schema: testRunSchema }),
    onSuccess: (run) => {
      queryClient.setQueryData(testRunKeys.run(run.id), run);
      // A completed or signed-off run moves between the lists of /test-runs too.
      void queryClient.invalidateQueries({ queryKey: testRunKeys.lists() });
    },
  });
};

export const useCompleteRun = (runId: number) =>
  useRunAction<Record<string, never>>(runId, 'complete');
export const useSignOff = (runId: number) => useRunAction<TestRunSignOffRequest>(runId, 'sign-off');
