import { useMutation } from '@tanstack/react-query';
import type { MoveDirection } from '@portal/contract/ordering';
import {
  testFlowArraySchema,
  type TestFlow,
  type TestStepMoveRequest,
} from '@portal/contract/test-plans';
import { request } from '../../../lib/api';
import { useOptimisticMoves, type MoveContext } from '../../../lib/optimistic-moves';
import { mergeFlows, moveFlowInList, moveStepInFlows, type StepLocation } from '../lib/plan-state';
import { FLOWS_PATH } from './flows';
import { testPlanKeys } from './keys';
import { STEPS_PATH } from './steps';

/** A drag sends the target index; the move buttons send a direction (spec §7). */
export type FlowMove = { flowId: number; from: number; to: number; direction?: MoveDirection };
export type StepMove = { stepId: number; to: StepLocation };

type Context = MoveContext<TestFlow[]>;

/**
 * Moves of one plan's flows and steps (DESIGN §4, spec §7): shown at once, persisted in the
 * order made; a flow move's answer (every flow in its new order) replaces the local list, a step
 * move's answer (the flows it touched) replaces those, and the plan is then reloaded as spec §7
 * asks after every step change. A refused move rolls back with an error toast.
 */
export const usePlanMoves = (milestoneId: number) => {
  const { optimistic, settle, fail } = useOptimisticMoves<TestFlow[]>(
    testPlanKeys.flows(milestoneId),
    testPlanKeys.moves(milestoneId),
  );
  const common = {
    mutationKey: testPlanKeys.moves(milestoneId),
    scope: { id: `test-plan-moves-${milestoneId}` },
  };

  const moveFlow = useMutation<TestFlow[], unknown, FlowMove, Context>({
    ...common,
    mutationFn: ({ flowId, to, direction }) =>
      request(`${FLOWS_PATH}${flowId}/move/`, {
        method: 'POST',
        body: direction ? { direction } : { to },
        schema: testFlowArraySchema,
      }),
    onMutate: ({ from, to }) => optimistic((flows) => moveFlowInList(flows, from, to)),
    onSuccess: (answer) => settle(() => answer),
    onError: (error, _move, context) => fail(error, context),
  });

  const moveStep = useMutation<TestFlow[], unknown, StepMove, Context>({
    ...common,
    mutationFn: ({ stepId, to }) =>
      request(`${STEPS_PATH}${stepId}/move/`, {
        method: 'POST',
        body: { to: to.index, test_flow: to.flowId } satisfies TestStepMoveRequest,
        schema: testFlowArraySchema,
      }),
    onMutate: ({ stepId, to }) => optimistic((flows) => moveStepInFlows(flows, stepId, to)),
    // Spec §7: after a step move everything is reloaded.
    onSuccess: (answer) => settle((flows) => mergeFlows(flows, answer), { reload: true }),
    onError: (error, _move, context) => fail(error, context),
  });

  return { moveFlow: moveFlow.mutate, moveStep: moveStep.mutate };
};
