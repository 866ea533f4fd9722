import { useQuery } from '@tanstack/react-query';
import { milestoneSchema } from '@portal/contract/milestones';
import { projectArraySchema } from '@portal/contract/projects';
import { request } from '../../../lib/api';
import { testPlanKeys } from './keys';

/** The milestone whose test plan this is; 404 when it does not exist or is not shared. */
export const useMilestone = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: testPlanKeys.milestone(id),
    queryFn: ({ signal }) => request(`/api/milestones/${id}/`, { signal, schema: milestoneSchema }),
    enabled,
  });

/**
 * The milestone's project, for the link back to it. A milestone names its project by id and
 * projects are addressed by slug, so it is found in `GET /api/projects/all/` (the caller's
 * projects: a member's are few; staff's are one small plain array).
 */
export const useMilestoneProject = (projectId: number | undefined) =>
  useQuery({
    queryKey: testPlanKeys.projects(),
    queryFn: ({ signal }) => request('/api/projects/all/', { signal, schema: projectArraySchema }),
    enabled: projectId !== undefined,
    select: (projects) => projects.find((project) => project.id === projectId) ?? null,
    staleTime: 60_000,
  });
