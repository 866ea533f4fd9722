import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Milestone,
  MilestoneCreateRequest,
  MilestoneUpdateRequest,
} from '@portal/contract/milestones';
import { moveItem, type MoveRequest } from '@portal/contract/ordering';
import { createResource } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { projectKeys } from './keys';

export const milestonesResource = createResource<
  Milestone,
  MilestoneCreateRequest,
  MilestoneUpdateRequest
>('milestones');

/** A project's milestones in their order. */
export const useMilestones = (projectId: number) =>
  useQuery({
    queryKey: projectKeys.milestones(projectId),
    queryFn: ({ signal }) => milestonesResource.all({ project: projectId, page_size: 100 }, signal),
  });

export type MilestoneSave =
  | { kind: 'create'; body: MilestoneCreateRequest }
  | { kind: 'update'; id: number; body: MilestoneUpdateRequest };

export const useSaveMilestone = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: MilestoneSave) =>
      save.kind === 'create'
        ? milestonesResource.create(save.body)
        : milestonesResource.update(save.id, save.body),
    // A new milestone is appended at the end, where the server puts it.
    onSuccess: (saved) =>
      queryClient.setQueryData<Milestone[]>(projectKeys.milestones(projectId), (list = []) =>
        list.some((milestone) => milestone.id === saved.id)
          ? list.map((milestone) => (milestone.id === saved.id ? saved : milestone))
          : [...list, saved],
      ),
  });
};

export const useDeleteMilestone = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => milestonesResource.remove(id),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<Milestone[]>(projectKeys.milestones(projectId), (list) =>
        list?.filter((milestone) => milestone.id !== id),
      ),
    // The server closes the gap; fetch the new positions rather than guess them.
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.milestones(projectId) }),
  });
};

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
