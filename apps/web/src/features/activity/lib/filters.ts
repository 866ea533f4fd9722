import type { ActivityFilters } from '@portal/contract/activity';

const KEYS = ['client', 'project', 'actor'] as const;

/**
 * The studio-wide page's filters, as held by the URL (`?client=3&project=7&actor=2`). Sign-ins
 * are left out unless the URL asks for them (`&sign_ins=true`): a studio's day starts with
 * everyone signing in, and those rows buried the work (issue 26).
 */
export const readActivityFilters = (params: URLSearchParams): ActivityFilters => {
  const filters: ActivityFilters = { sign_ins: params.get('sign_ins') === 'true' };
  for (const key of KEYS) {
    const value = params.get(key) ?? '';
    // Hand-edited nonsense reads as no filter rather than a request the server refuses.
    if (/^[1-9]\d{0,9}$/.test(value)) filters[key] = Number(value);
  }
  return filters;
};

/** The URL's parameters with sign-ins shown or hidden (hidden is the page's default: no key). */
export const withSignIns = (params: URLSearchParams, shown: boolean): URLSearchParams => {
  const next = new URLSearchParams(params);
  if (shown) next.set('sign_ins', 'true');
  else next.delete('sign_ins');
  return next;
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
