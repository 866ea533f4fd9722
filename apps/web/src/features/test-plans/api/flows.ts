import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  testFlowListSchema,
  testFlowSchema,
  type TestFlow,
  type TestFlowCreateRequest,
} from '@portal/contract/test-plans';
import { request } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { fetchAll } from '../../../lib/fetch-all';
import { appendFlow, removeFlow, replaceFlow, type Flows } from '../lib/plan-state';
import { testPlanKeys } from './keys';

export const FLOWS_PATH = '/api/test-flows/';

/** Every flow of the milestone, each with its ordered steps (spec §7: list by milestone). */
export const useFlows = (milestoneId: number, enabled = true) =>
  useQuery({
    queryKey: testPlanKeys.flows(milestoneId),
    queryFn: ({ signal }) =>
      fetchAll(FLOWS_PATH, testFlowListSchema, { milestone: milestoneId }, signal),
    enabled,
  });

/** Applies one of the local state rules (lib/plan-state) to the cached flows, if loaded. */
export const usePlanCache = (milestoneId: number) => {
  const queryClient = useQueryClient();
  return (change: (flows: Flows) => TestFlow[]) =>
    queryClient.setQueryData<TestFlow[]>(
      testPlanKeys.flows(milestoneId),
      (flows) => flows && change(flows),
    );
};

/** Spec §7: a created flow is appended, then the caller's callback runs (it scrolls there). */
export const useCreateFlow = (milestoneId: number) => {
  const change = usePlanCache(milestoneId);
  return useMutation({
    mutationFn: (body: Omit<TestFlowCreateRequest, 'milestone'>) =>
      request(FLOWS_PATH, {
        method: 'POST',
        body: { ...body, milestone: milestoneId } satisfies TestFlowCreateRequest,
        schema: testFlowSchema,
      }),
    onSuccess: (flow) => change((flows) => appendFlow(flows, flow)),
  });
};

/**
 * Renames a flow: the new name shows at once, the server's flow then replaces it (spec §7); a
 * refused rename puts the old name back with an error toast.
 */
export const useRenameFlow = (milestoneId: number) => {
  const queryClient = useQueryClient();
  const change = usePlanCache(milestoneId);
  const key = testPlanKeys.flows(milestoneId);
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      request(`${FLOWS_PATH}${id}/`, { method: 'PATCH', body: { name }, schema: testFlowSchema }),
    onMutate: async ({ id, name }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TestFlow[]>(key);
      change((flows) => flows.map((flow) => (flow.id === id ? { ...flow, name } : flow)));
      return { previous };
    },
    onSuccess: (flow) => change((flows) => replaceFlow(flows, flow)),
    onError: (error, _rename, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toastError(error);
    },
  });
};

/** Spec §7: a deleted flow is removed locally (the server closes the gap the same way). */
export const useDeleteFlow = (milestoneId: number) => {
  const change = usePlanCache(milestoneId);
  return useMutation({
    mutationFn: (id: number) => request(`${FLOWS_PATH}${id}/`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => change((flows) => removeFlow(flows, id)),
  });
};
