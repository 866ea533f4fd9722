import { useSearchParams } from 'react-router';
import { useUpdateSearchParams } from './use-update-search-params';
import { formatOrdering, parseOrdering, type SortTerm } from '@portal/contract/sorting';

export type UrlOrdering<F extends string> = {
  /** The chosen sort, or null for the list's default order (the spec's). */
  term: SortTerm<F> | null;
  /** What `?ordering=` the server is asked for ('' for the default). */
  ordering: string;
  /** A header click: ascending, then descending, then back to the default. */
  toggle(field: F): void;
};

/**
 * A list's sort kept in its URL as DRF's `?ordering=` (issue 19), so a reload, a shared link or
 * Back shows the same order. A field the list does not know is ignored (the default order).
 */
export const useUrlOrdering = <const F extends string>(fields: readonly F[]): UrlOrdering<F> => {
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const parsed = parseOrdering(fields, params.get('ordering') ?? '');
  const term = Array.isArray(parsed) ? (parsed[0] ?? null) : null;
  const toggle = (field: F) => {
    const next: SortTerm<F> | null =
      term?.field !== field
        ? { field, descending: false }
        : term.descending
          ? null
          : { field, descending: true };
    updateParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set('ordering', formatOrdering(next));
        else updated.delete('ordering');
        // A new order starts at the first page, like a new search does (spec §2 leads).
        updated.delete('page');
        return updated;
      },
      { replace: true },
    );
  };
  return { term, ordering: formatOrdering(term), toggle };
};
