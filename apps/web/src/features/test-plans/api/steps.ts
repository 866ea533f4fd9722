import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  testStepSchema,
  type TestStep,
  type TestStepCreateRequest,
  type TestStepUpdateRequest,
} from '@portal/contract/test-plans';
import { request } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { appendStep, removeStep, replaceStep } from '../lib/plan-state';
import { usePlanCache } from './flows';
import { testPlanKeys } from './keys';

export const STEPS_PATH = '/api/test-steps/';

/**
 * Spec §7: after a step is created, updated, deleted or moved, the whole plan is reloaded. The
 * change shows at once (the created step is appended, an edit or a delete applies locally) and
 * the reload then brings the server's truth; unchanged flows and steps keep their identity
 * (TanStack Query's structural sharing), so only what changed renders again.
 */
const useReload = (milestoneId: number) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: testPlanKeys.flows(milestoneId) });
};

export const useCreateStep = (milestoneId: number) => {
  const change = usePlanCache(milestoneId);
  const reload = useReload(milestoneId);
  return useMutation({
    mutationFn: (body: TestStepCreateRequest) =>
      request(STEPS_PATH, { method: 'POST', body, schema: testStepSchema }),
    onSuccess: (step) => change((flows) => appendStep(flows, step)),
    onSettled: reload,
  });
};

/** An edit or a type toggle: shown at once, rolled back by the reload (and a toast) if refused. */
export const useUpdateStep = (milestoneId: number) => {
  const queryClient = useQueryClient();
  const change = usePlanCache(milestoneId);
  const reload = useReload(milestoneId);
  return useMutation({
    mutationFn: ({ step, body }: { step: TestStep; body: TestStepUpdateRequest }) =>
      request(`${STEPS_PATH}${step.id}/`, { method: 'PATCH', body, schema: testStepSchema }),
    onMutate: async ({ step, body }) => {
      await queryClient.cancelQueries({ queryKey: testPlanKeys.flows(milestoneId) });
      change((flows) => replaceStep(flows, { ...step, ...body }));
    },
    onSuccess: (step) => change((flows) => replaceStep(flows, step)),
    onError: toastError,
    onSettled: reload,
  });
};

export const useDeleteStep = (milestoneId: number) => {
  const change = usePlanCache(milestoneId);
  const reload = useReload(milestoneId);
  return useMutation({
    mutationFn: (step: TestStep) => request(`${STEPS_PATH}${step.id}/`, { method: 'DELETE' }),
    onSuccess: (_answer, step) => change((flows) => removeStep(flows, step.id)),
    onSettled: reload,
  });
};
