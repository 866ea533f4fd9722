import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  Project,
  ProjectCreateRequest,
  ProjectUpdateRequest,
} from '@portal/contract/projects';
import { createResource } from '../../../lib/api';
import { upsertByName } from '../lib/format';
import { projectKeys } from './keys';

export const projectsResource = createResource<
  Project,
  ProjectCreateRequest,
  ProjectUpdateRequest,
  string
>('projects');

/**
 * Every project the caller may see (or one client's), sorted by name: `GET /api/projects/all/`
 * answers a plain array (spec §7 "list all").
 */
export const useProjects = (clientSlug: string | null = null) =>
  useQuery({
    queryKey: projectKeys.list(clientSlug),
    queryFn: ({ signal }) =>
      projectsResource.listAction<Project[]>('all', {
        query: clientSlug ? { client: clientSlug } : undefined,
        signal,
      }),
  });

/** Every project in the order a list header chose (`?ordering=`); by name when ''. */
export const useSortedProjects = (ordering: string) =>
  useQuery({
    queryKey: ordering ? projectKeys.sorted(ordering) : projectKeys.list(),
    queryFn: ({ signal }) =>
      projectsResource.listAction<Project[]>('all', {
        query: ordering ? { ordering } : undefined,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useProject = (slug: string) =>
  useQuery({
    queryKey: projectKeys.detail(slug),
    queryFn: ({ signal }) => projectsResource.get(slug, signal),
  });

/** Puts a saved project into the detail and into every loaded list that holds it (or should). */
const remember = (queryClient: QueryClient, project: Project, clientSlug?: string) => {
  void queryClient.invalidateQueries({ queryKey: [...projectKeys.all, 'sorted'] });
  queryClient.setQueryData(projectKeys.detail(project.slug), project);
  queryClient.setQueriesData<Project[]>({ queryKey: projectKeys.lists() }, (list) =>
    list?.some((other) => other.id === project.id) ? upsertByName(list, project) : list,
  );
  if (clientSlug === undefined) return;
  // A new project joins the full list and its client's list, in name order (spec §4).
  for (const key of [projectKeys.list(), projectKeys.list(clientSlug)])
    queryClient.setQueryData<Project[]>(key, (list) => (list ? upsertByName(list, project) : list));
};

export const useCreateProject = (clientSlug: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectCreateRequest) => projectsResource.create(body),
    onSuccess: (project) => remember(queryClient, project, clientSlug),
  });
};

export const useUpdateProject = (slug: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    // The slug addresses the project and never changes: it is never part of the body (spec §4).
    mutationFn: (body: ProjectUpdateRequest) => projectsResource.update(slug, body),
    onSuccess: (project) => remember(queryClient, project),
  });
};

export const useDeleteProject = (project: Project) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => projectsResource.remove(project.slug),
    onSuccess: () => {
      queryClient.setQueriesData<Project[]>({ queryKey: projectKeys.lists() }, (list) =>
        list?.filter((other) => other.id !== project.id),
      );
      queryClient.removeQueries({ queryKey: projectKeys.detail(project.slug) });
      void queryClient.invalidateQueries({ queryKey: [...projectKeys.all, 'sorted'] });
    },
  });
};
