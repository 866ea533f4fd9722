import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Milestone,
  MilestoneCreateRequest,
  MilestoneUpdateRequest,
} from '@portal/contract/milestones';
import { moveItem, type MoveRequest } from '@portal/contract/ordering';
import { milestoneTestStateListSchema } from '@portal/contract/test-runs';
import { createResource, request } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { projectKeys } from './keys';
import { projectChildHooks, replaceOr } from './project-child';

export const milestonesResource = createResource<
  Milestone,
  MilestoneCreateRequest,
  MilestoneUpdateRequest
>('milestones');

const milestones = projectChildHooks({
  resource: milestonesResource,
  key: projectKeys.milestones,
  // A new milestone is appended at the end, where the server puts it.
  place: (list, saved) => replaceOr(list, saved, () => [...list, saved]),
  // The server closes the gap; fetch the new positions rather than guess them.
  refetchAfterDelete: true,
});

/** A project's milestones in their order. */
export const useMilestones = milestones.useList;
export const useSaveMilestone = milestones.useSave;
export const useDeleteMilestone = milestones.useRemove;

/**
 * Where each milestone's acceptance testing stands (issue 25), by milestone id. Runs change on
 * other screens (started, completed, signed off): the project page asks again each time it opens.
 */
export const useMilestoneTestStates = (projectId: number) =>
  useQuery({
    queryKey: projectKeys.milestoneTestStates(projectId),
    refetchOnMount: 'always',
    queryFn: async ({ signal }) => {
      const states = await request('/api/milestone-test-states/', {
        query: { project: projectId },
        signal,
        schema: milestoneTestStateListSchema,
      });
      return new Map(states.map((state) => [state.milestone, state]));
    },
  });

export type MilestoneMove = { id: number; from: number; to: number };

/**
 * Moves a milestone (DESIGN §4): the list shows the new order at once, the server's answer (the
 * project's milestones in their new order) then replaces it, and a failure puts the old order
 * back with an error toast.
 */
export const useMoveMilestone = (projectId: number) => {
  const queryClient = useQueryClient();
  const key = projectKeys.milestones(projectId);
  return useMutation({
    mutationFn: ({ id, to }: MilestoneMove) =>
      milestonesResource.detailAction<Milestone[]>(id, 'move', {
        method: 'POST',
        body: { to } satisfies MoveRequest,
      }),
    onMutate: async ({ from, to }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Milestone[]>(key);
      if (previous) queryClient.setQueryData(key, moveItem(previous, from, to));
      return { previous };
    },
    onSuccess: (milestones) => queryClient.setQueryData(key, milestones),
    onError: (error, _move, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toastError(error);
      // Someone else may have moved things meanwhile: ask for the truth again.
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
};
