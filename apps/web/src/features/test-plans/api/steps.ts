import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  testStepSchema,
  type TestFlow,
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

/**
 * New steps are created one after the other (a mutation scope per plan): three typed in quick
 * succession reach the server, and the flow, in the order they were written.
 */
export const useCreateStep = (milestoneId: number) => {
  const change = usePlanCache(milestoneId);
  const reload = useReload(milestoneId);
  return useMutation({
    scope: { id: `create-steps-${milestoneId}` },
    mutationFn: (body: TestStepCreateRequest) =>
      request(STEPS_PATH, { method: 'POST', body, schema: testStepSchema }),
    onSuccess: (step) => change((flows) => appendStep(flows, step)),
    // Not awaited: the create is done once the step is in the list, so its row goes with the
    // step's arrival and the next new step is sent without waiting for the whole plan.
    onSettled: () => {
      void reload();
    },
  });
};

/** A step update sends only the field that changed (PATCH), so it keeps a teammate's edit of the other. */
export type StepChange = Partial<TestStepUpdateRequest>;

/**
 * An edit or a type toggle: shown at once, rolled back by the reload (and a toast) if refused.
 * The updates of one step run one after the other (a mutation scope per step): two quick toggles
 * reach the server in the order they were made, while different steps still save side by side.
 * `useMutation` takes one scope for all its calls, so each update is built in the cache itself.
 */
export const useUpdateStep = (milestoneId: number) => {
  const queryClient = useQueryClient();
  return useCallback(
    (step: TestStep, body: StepChange) => {
      const key = testPlanKeys.flows(milestoneId);
      const change = (update: (flows: TestFlow[]) => TestFlow[]) =>
        queryClient.setQueryData<TestFlow[]>(key, (flows) => flows && update(flows));
      const mutation = queryClient
        .getMutationCache()
        .build<TestStep, unknown, StepChange, unknown>(queryClient, {
          scope: { id: `step-${step.id}` },
          mutationFn: (changes) =>
            request(`${STEPS_PATH}${step.id}/`, {
              method: 'PATCH',
              body: changes,
              schema: testStepSchema,
            }),
          onMutate: async (changes) => {
            await queryClient.cancelQueries({ queryKey: key });
            // Onto the step as the cache holds it now, which may be newer than the caller's copy.
            change((flows) => {
              const current = flows
                .flatMap((flow) => flow.test_steps)
                .find((s) => s.id === step.id);
              return replaceStep(flows, { ...(current ?? step), ...changes });
            });
          },
          onSuccess: (saved) => change((flows) => replaceStep(flows, saved)),
          onError: toastError,
          onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
        });
      // A refusal is told by the toast; nothing awaits the promise.
      mutation.execute(body).catch(() => undefined);
    },
    [queryClient, milestoneId],
  );
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
