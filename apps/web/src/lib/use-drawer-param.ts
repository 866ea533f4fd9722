import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentSearch } from './use-update-search-params';

/** The history state a drawer's opening pushes: which search parameter it opened. */
type DrawerState = { drawer: string };

const isDrawerState = (state: unknown): state is DrawerState =>
  typeof state === 'object' && state !== null && 'drawer' in state;

/** The value that opens a drawer in create mode (`?note=new`). */
export const NEW = 'new';

/**
 * A drawer whose opening lives in the URL (`?note=12`, `?item=new`), so a link opens the page
 * with the drawer open. Opening pushes a history entry, so Back closes the drawer instead of
 * leaving the page; closing goes back to that entry, or (for a link opened directly) removes
 * the parameter in place. `value` keeps the last opened value while the drawer closes, so its
 * closing animation still shows what it showed.
 */
export const useDrawerParam = (key: string) => {
  const location = useLocation();
  const navigate = useNavigate();
  const currentSearch = useCurrentSearch();
  const current = new URLSearchParams(location.search).get(key);
  const [last, setLast] = useState(current);
  // Adjusting state while rendering: React re-renders before committing.
  if (current !== null && current !== last) setLast(current);

  const withParam = useCallback(
    (value: string | null) => {
      // The URL as it is now: a search committed since the last render stays (see useCurrentSearch).
      const params = new URLSearchParams(currentSearch());
      if (value === null) params.delete(key);
      else params.set(key, value);
      const search = params.toString();
      return { pathname: location.pathname, search: search ? `?${search}` : '', hash: '' };
    },
    [currentSearch, key, location.pathname],
  );

  const open = useCallback(
    (value: string | number) => {
      const state: DrawerState = { drawer: key };
      void navigate(withParam(String(value)), {
        state,
        preventScrollReset: true,
        // Switching from one record to another in place: no new entry to go Back through.
        replace: current !== null,
      });
    },
    [current, key, navigate, withParam],
  );

  const close = useCallback(() => {
    if (current === null) return;
    if (isDrawerState(location.state) && location.state.drawer === key) void navigate(-1);
    else void navigate(withParam(null), { replace: true, preventScrollReset: true });
  }, [current, key, location.state, navigate, withParam]);

  return {
    /** The opened value (`'new'` or an id as text), kept while closing; null before any. */
    value: current ?? last,
    isOpen: current !== null,
    open,
    close,
    onOpenChange: (next: boolean) => (next ? undefined : close()),
  };
};

/** The number an opened drawer names (`?note=12`), or null for `new` or nothing. */
export const drawerId = (value: string | null): number | null => {
  if (value === null || !/^\d+$/.test(value)) return null;
  return Number(value);
};

/**
 * A create/update drawer over a list of records, opened through the URL: `?<key>=new` opens it
 * empty, `?<key>=<id>` on that record once the list has it (a link to a record that is gone
 * opens nothing).
 */
export const useRecordDrawer = <Record extends { id: number }>(
  key: string,
  records: readonly Record[] | undefined,
) => {
  const drawer = useDrawerParam(key);
  const id = drawerId(drawer.value);
  const record = id === null ? undefined : records?.find((candidate) => candidate.id === id);
  const { open } = drawer;
  // Stable, so a memoised list handed them re-renders only when the URL changes.
  const openNew = useCallback(() => open(NEW), [open]);
  const openRecord = useCallback((chosen: Record) => open(chosen.id), [open]);
  return {
    /** The record shown (kept while the drawer closes), or undefined in create mode. */
    record,
    open: drawer.isOpen && (drawer.value === NEW || record !== undefined),
    onOpenChange: drawer.onOpenChange,
    openNew,
    openRecord,
  };
};
