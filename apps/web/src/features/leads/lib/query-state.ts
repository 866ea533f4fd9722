import { isLeadStatus, type LeadStatus } from '@portal/contract/leads';

/** What the lead list shows, as held by the URL's query parameters (spec §2 Leads). */
export type LeadQueryState = {
  /** 1-based. */
  page: number;
  /** Empty for no search. */
  search: string;
  /** Empty for all statuses. */
  status: LeadStatus | '';
};

const readPage = (value: string | null): number => {
  if (!value || !/^\d{1,9}$/.test(value)) return 1;
  return Math.max(1, Number(value));
};

/**
 * Reads the list state from the URL. Hand-edited nonsense (a page of 'abc', a status the server
 * does not know) reads as the default rather than as a request the server would refuse.
 */
export const readLeadQuery = (params: URLSearchParams): LeadQueryState => {
  const status = params.get('status') ?? '';
  return {
    page: readPage(params.get('page')),
    search: (params.get('search') ?? '').trim(),
    status: isLeadStatus(status) ? status : '',
  };
};

/**
 * The query parameters after `change`. A new search or status starts again at the first page, so
 * it drops `page`; defaults (page 1, no search, all statuses) are left out of the URL. Parameters
 * the list does not own are kept.
 */
export const nextLeadParams = (
  params: URLSearchParams,
  change: Partial<LeadQueryState>,
): URLSearchParams => {
  const current = readLeadQuery(params);
  const next = new URLSearchParams(params);
  const set = (key: string, value: string) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  let page = change.page ?? current.page;
  if (change.search !== undefined) {
    const search = change.search.trim();
    set('search', search);
    if (search !== current.search) page = 1;
  }
  if (change.status !== undefined) {
    set('status', change.status);
    if (change.status !== current.status) page = 1;
  }
  set('page', page > 1 ? String(page) : '');
  return next;
};

/** Whether the list is narrowed by a search or a status. */
export const isFiltered = (state: LeadQueryState) => state.search !== '' || state.status !== '';
