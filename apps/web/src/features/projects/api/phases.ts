import { useQuery } from '@tanstack/react-query';
import type {
  Phase,
  ProjectPhase,
  ProjectPhaseCreateRequest,
  ProjectPhaseUpdateRequest,
} from '@portal/contract/projects';
import { createResource } from '../../../lib/api';
import { phaseKeys, projectKeys } from './keys';
import { projectChildHooks } from './project-child';

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

const projectPhases = projectChildHooks({
  resource: projectPhasesResource,
  key: projectKeys.phases,
  place: (list, saved) => [...list.filter((other) => other.id !== saved.id), saved].sort(byPhase),
});

export const useProjectPhases = projectPhases.useList;
export const useSaveProjectPhase = projectPhases.useSave;
export const useDeleteProjectPhase = projectPhases.useRemove;
