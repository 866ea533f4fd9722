import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Paginated } from '@portal/contract/common';
import {
  LEAD_PAGE_SIZE,
  leadListSchema,
  leadSchema,
  type Lead,
  type LeadCreateRequest,
  type LeadUpdateRequest,
} from '@portal/contract/leads';
import { createResource, request } from '../../../lib/api';
import type { LeadQueryState } from '../lib/query-state';
import { leadKeys } from './keys';

const leads = createResource<Lead, LeadCreateRequest, LeadUpdateRequest>('leads');

/**
 * One lead, for a drawer opened from its URL (`/leads?lead=12`): the row it was opened from
 * shows at once (`initial`), and a link opened directly waits for the lead.
 */
export const useLead = (id: number | null, initial: Lead | undefined) =>
  useQuery({
    queryKey: leadKeys.detail(id),
    enabled: id !== null,
    queryFn: ({ signal }) => request(`${leads.path}${id}/`, { signal, schema: leadSchema }),
    initialData: initial,
  });

/** One page of the lead list (spec §7 Leads), newest first. */
export const useLeads = (query: LeadQueryState, enabled = true, ordering = '') =>
  useQuery({
    // A chosen order (issue 19) is one more part of the key; the default keeps the plain one.
    queryKey: ordering ? [...leadKeys.list(query), ordering] : leadKeys.list(query),
    enabled,
    queryFn: ({ signal }) =>
      request(leads.path, {
        query: {
          page: query.page,
          page_size: LEAD_PAGE_SIZE,
          search: query.search,
          status: query.status,
          ...(ordering ? { ordering } : {}),
        },
        signal,
        schema: leadListSchema,
      }),
    // Paging and filtering keep the current rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export const useCreateLead = () =>
  useMutation({
    mutationFn: (body: LeadCreateRequest) =>
      request(leads.path, { method: 'POST', body, schema: leadSchema }),
  });

/** Every list page and board column: after a create, delete, merge or import. */
export const invalidateLeadLists = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: leadKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: leadKeys.columns() }),
  ]);

/**
 * Spec §4: an updated lead replaces its row, wherever it is shown — in the list pages and in its
 * drawer's own query, so a drawer opened after a move on the board shows the new status.
 */
export const replaceLead = (queryClient: QueryClient, lead: Lead) => {
  queryClient.setQueriesData<Paginated<Lead>>(
    { queryKey: leadKeys.lists() },
    (page) =>
      page && {
        ...page,
        results: page.results.map((row) => (row.id === lead.id ? lead : row)),
      },
  );
  queryClient.setQueryData(leadKeys.detail(lead.id), lead);
};

export const useUpdateLead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: LeadUpdateRequest }) =>
      request(`${leads.path}${id}/`, { method: 'PATCH', body, schema: leadSchema }),
    onSuccess: async (lead) => {
      replaceLead(queryClient, lead);
      // Its status may have changed: the board's columns and counts are fetched again.
      await queryClient.invalidateQueries({ queryKey: leadKeys.columns() });
    },
  });
};

export const useDeleteLead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => leads.remove(id),
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: leadKeys.comments(id) });
      await invalidateLeadLists(queryClient);
    },
  });
};
