import { useState } from 'react';

/**
 * A number that grows each time `open` turns true. Used as the `key` of a drawer's form, so
 * every opening starts from the record's current values, while the closing animation still
 * plays on the same instance.
 */
export const useOpenSession = (open: boolean): number => {
  const [state, setState] = useState({ open, session: 0 });
  if (state.open === open) return state.session;
  const next = { open, session: open ? state.session + 1 : state.session };
  setState(next); // adjusting state while rendering: React re-renders before committing
  return next.session;
};
