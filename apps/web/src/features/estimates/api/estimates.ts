import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  estimateDetailSchema,
  estimateListSchema,
  type EstimateListItem,
  type EstimateCreateRequest,
  type EstimateDetail,
  type EstimateUpdateRequest,
} from '@portal/contract/estimates';
import { projectArraySchema } from '@portal/contract/projects';
import { request } from '../../../lib/api';
import { fetchAll } from '../../../lib/fetch-all';
import { estimateQuery } from './estimate-query';
import { estimateKeys } from './keys';

const PATH = '/api/estimates/';
const detailPath = (id: number) => `${PATH}${id}/`;

/** Every estimate the caller may see, or one project's (spec §7 Estimates). */
export const useEstimates = (projectId: number | null = null) =>
  useQuery({
    queryKey: estimateKeys.list(projectId),
    queryFn: ({ signal }) =>
      fetchAll(PATH, estimateListSchema, projectId === null ? {} : { project: projectId }, signal),
  });

/** Every estimate in the order a list header chose (`?ordering=`); by name when ''. */
export const useSortedEstimates = (ordering: string) =>
  useQuery({
    queryKey: ordering ? estimateKeys.sorted(ordering) : estimateKeys.list(),
    queryFn: ({ signal }) =>
      fetchAll(PATH, estimateListSchema, ordering ? { ordering } : {}, signal),
    placeholderData: keepPreviousData,
  });

/** One estimate with its ordered sections and items. */
export const useEstimate = (id: number, enabled = true) =>
  useQuery({ ...estimateQuery(id), enabled });

/** The estimate form's project list: every project, as `GET /api/projects/all/` answers it. */
export const useProjectChoices = (enabled: boolean) =>
  useQuery({
    queryKey: [...estimateKeys.all, 'project-choices'] as const,
    queryFn: ({ signal }) => request('/api/projects/all/', { signal, schema: projectArraySchema }),
    enabled,
    select: (projects) =>
      projects
        .map(({ id, name }) => ({ id, name }))
        .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' })),
  });

/** Just the list fields of a detail answer; its version status is the list's to keep. */
const toListEntry = (
  {
    sections: _sections,
    total_hours_low: _low,
    total_hours_safe: _safe,
    hourly_rate: _rate,
    currency: _currency,
    price: _price,
    ...estimate
  }: EstimateDetail,
  status: EstimateListItem['status'],
): EstimateListItem => ({ ...estimate, status });

/**
 * A saved estimate into its detail and every loaded list it belongs to: replaced where it is,
 * appended where it now belongs (its project may have changed), dropped where it no longer does.
 * Sorted tables (`?ordering=`) are refetched: where it now sorts is the server's to say.
 */
const remember = (queryClient: QueryClient, saved: EstimateDetail) => {
  queryClient.setQueryData(estimateKeys.detail(saved.id), saved);
  void queryClient.invalidateQueries({ queryKey: [...estimateKeys.all, 'sorted'] });
  for (const [key, list] of queryClient.getQueriesData<EstimateListItem[]>({
    queryKey: estimateKeys.lists(),
  })) {
    if (!list) continue;
    const projectId = key[2];
    const at = list.findIndex((estimate) => estimate.id === saved.id);
    const entry = toListEntry(saved, list[at]?.status ?? null);
    const belongs = projectId === null || projectId === entry.project.id;
    const without = list.filter((estimate) => estimate.id !== entry.id);
    let next = without;
    if (belongs) {
      next = [...without];
      next.splice(at < 0 ? next.length : at, 0, entry);
    }
    queryClient.setQueryData(key, next);
  }
};

export const useCreateEstimate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EstimateCreateRequest) =>
      request(PATH, { method: 'POST', body, schema: estimateDetailSchema }),
    onSuccess: (estimate) => remember(queryClient, estimate),
  });
};

export const useUpdateEstimate = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<EstimateUpdateRequest>) =>
      request(detailPath(id), { method: 'PATCH', body, schema: estimateDetailSchema }),
    onSuccess: (estimate) => remember(queryClient, estimate),
  });
};
