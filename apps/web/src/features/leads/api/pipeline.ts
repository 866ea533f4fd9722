import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  leadConvertResultSchema,
  leadDuplicateListSchema,
  leadImportResultSchema,
  leadListSchema,
  leadSchema,
  type LeadConvertRequest,
  type LeadStatus,
} from '@portal/contract/leads';
import { ApiError, buildUrl, request } from '../../../lib/api';
import { getAuthToken } from '../../../lib/tokens';
import type { LeadQueryState } from '../lib/query-state';
import { leadKeys } from './keys';
import { invalidateLeadLists, replaceLead } from './leads';

/** Cards a board column shows per page; "Show more" fetches the next. */
export const BOARD_PAGE_SIZE = 50;

/** One status column of the board: the list call for that status, page by page. */
export const useBoardColumn = (status: LeadStatus, search: string) =>
  useInfiniteQuery({
    queryKey: leadKeys.column(status, search),
    queryFn: ({ pageParam, signal }) =>
      request('/api/leads/', {
        query: { status, search, page: pageParam, page_size: BOARD_PAGE_SIZE },
        signal,
        schema: leadListSchema,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, page) => (last.next ? page + 1 : undefined),
  });

/** Changes only the status (a card dropped on another column). */
export const useMoveLead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: LeadStatus }) =>
      request(`/api/leads/${id}/`, { method: 'PATCH', body: { status }, schema: leadSchema }),
    onSuccess: (lead) => replaceLead(queryClient, lead),
  });
};

export const useLeadDuplicates = (leadId: number) =>
  useQuery({
    queryKey: leadKeys.duplicates(leadId),
    queryFn: ({ signal }) =>
      request(`/api/leads/${leadId}/duplicates/`, { signal, schema: leadDuplicateListSchema }),
  });

export const useMergeLead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, into }: { id: number; into: number }) =>
      request(`/api/leads/${id}/merge/`, { method: 'POST', body: { into }, schema: leadSchema }),
    onSuccess: async (lead, { id, into }) => {
      queryClient.removeQueries({ queryKey: leadKeys.duplicates(id) });
      queryClient.removeQueries({ queryKey: leadKeys.detail(id) });
      replaceLead(queryClient, lead);
      await Promise.all([
        invalidateLeadLists(queryClient),
        queryClient.invalidateQueries({ queryKey: leadKeys.comments(into) }),
        queryClient.invalidateQueries({ queryKey: leadKeys.duplicates(into) }),
      ]);
    },
  });
};

export const useConvertLead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: LeadConvertRequest }) =>
      request(`/api/leads/${id}/convert/`, {
        method: 'POST',
        body,
        schema: leadConvertResultSchema,
      }),
    onSuccess: async (result) => {
      replaceLead(queryClient, result.lead);
      await invalidateLeadLists(queryClient);
    },
  });
};

/** `POST /api/leads/import/`: a dry run first (the preview), then the real thing. */
export const useImportLeads = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const form = new FormData();
      form.append('dry_run', String(dryRun));
      form.append('file', file);
      return request('/api/leads/import/', {
        method: 'POST',
        body: form,
        schema: leadImportResultSchema,
      });
    },
    onSuccess: async (result) => {
      if (result.created > 0) await invalidateLeadLists(queryClient);
    },
  });
};

/**
 * Downloads what the list shows as CSV. The token travels in the header, as on every call, so
 * the file is fetched and handed to the browser as a blob rather than opened as a link.
 */
export const downloadLeadsCsv = async (query: Pick<LeadQueryState, 'search' | 'status'>) => {
  const headers = new Headers({ Accept: 'text/csv' });
  const token = getAuthToken();
  if (token) headers.set('Authorization', `Token ${token}`);
  let response: Response;
  try {
    response = await fetch(buildUrl('/api/leads/export/', query), { headers });
  } catch {
    throw new ApiError(0, null, 'The server could not be reached');
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the text is the message.
    }
    throw new ApiError(response.status, body);
  }
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'leads.csv';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; the URL is not needed past this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
