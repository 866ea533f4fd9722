import type { ActivityFilters } from '@portal/contract/activity';

const KEYS = ['client', 'project', 'actor'] as const;

/** The studio-wide page's filters, as held by the URL (`?client=3&project=7&actor=2`). */
export const readActivityFilters = (params: URLSearchParams): ActivityFilters => {
  const filters: ActivityFilters = {};
  for (const key of KEYS) {
    const value = params.get(key) ?? '';
    // Hand-edited nonsense reads as no filter rather than a request the server refuses.
    if (/^[1-9]\d{0,9}$/.test(value)) filters[key] = Number(value);
  }
  return filters;
};

/** The URL's parameters after one filter changes (null clears it); a new client clears the project. */
export const nextActivityParams = (
  params: URLSearchParams,
  key: (typeof KEYS)[number],
  value: number | null,
): URLSearchParams => {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(key);
  else next.set(key, String(value));
  if (key === 'client') next.delete('project');
  return next;
};
