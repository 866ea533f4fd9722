import { useState } from 'react';

export type LeadsView = 'list' | 'board';

const VIEW_KEY = 'leads:view';

const stored = (): LeadsView => {
  try {
    return window.localStorage.getItem(VIEW_KEY) === 'board' ? 'board' : 'list';
  } catch {
    return 'list'; // storage disabled: the list, as the spec describes the page
  }
};

/**
 * List or board, remembered in this browser. Not in the URL: the list's URLs (page, search,
 * status) stay exactly as the spec has them.
 */
export const useLeadsView = () => {
  const [view, setView] = useState<LeadsView>(stored);
  const choose = (next: LeadsView) => {
    setView(next);
    try {
      window.localStorage.setItem(VIEW_KEY, next);
    } catch {
      // Nothing to do: the choice lasts until the page is left.
    }
  };
  return [view, choose] as const;
};
