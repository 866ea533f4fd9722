import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Phase,
  ProjectPhase,
  ProjectPhaseCreateRequest,
  ProjectPhaseUpdateRequest,
} from '@portal/contract/projects';
import { createResource } from '../../../lib/api';
import { phaseKeys, projectKeys } from './keys';

export const phasesResource = createResource<Phase>('phases');
export const projectPhasesResource = createResource<
  ProjectPhase,
  ProjectPhaseCreateRequest,
  ProjectPhaseUpdateRequest
>('project-phases');

/** The studio's phase names, in the order a project goes through them. */
export const usePhases = (enabled = true) =>
  useQuery({
    queryKey: phaseKeys.all,
    queryFn: ({ signal }) => phasesResource.all({ page_size: 100 }, signal),
    staleTime: 5 * 60_000,
    enabled,
  });

/** The server lists a project's phases in the phases' own order; so does the cache. */
const byPhase = (a: ProjectPhase, b: ProjectPhase) => a.phase.id - b.phase.id || a.id - b.id;

export const useProjectPhases = (projectId: number) =>
  useQuery({
    queryKey: projectKeys.phases(projectId),
    queryFn: ({ signal }) =>
      projectPhasesResource.all({ project: projectId, page_size: 100 }, signal),
  });

export type ProjectPhaseSave =
  | { kind: 'create'; body: ProjectPhaseCreateRequest }
  | { kind: 'update'; id: number; body: ProjectPhaseUpdateRequest };

export const useSaveProjectPhase = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: ProjectPhaseSave) =>
      save.kind === 'create'
        ? projectPhasesResource.create(save.body)
        : projectPhasesResource.update(save.id, save.body),
    onSuccess: (saved) =>
      queryClient.setQueryData<ProjectPhase[]>(projectKeys.phases(projectId), (list) =>
        [...(list ?? []).filter((other) => other.id !== saved.id), saved].sort(byPhase),
      ),
  });
};

export const useDeleteProjectPhase = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => projectPhasesResource.remove(id),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<ProjectPhase[]>(projectKeys.phases(projectId), (list) =>
        list?.filter((other) => other.id !== id),
      ),
  });
};
