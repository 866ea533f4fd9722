import { useEffect, useEffectEvent, useState } from 'react';

/** Spec §9: the lead search waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * The text of a search box whose committed value lives elsewhere (the URL). Typing commits after
 * `delay` ms of quiet, or at once through `flush` (Enter). When the committed value changes from
 * outside — back/forward, 'Clear filters' — the box shows it; the echo of its own commit does not
 * touch what the person has typed since.
 */
export const useDebouncedSearch = (
  value: string,
  onCommit: (text: string) => void,
  delay = SEARCH_DEBOUNCE_MS,
) => {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const [committed, setCommitted] = useState<string | null>(null);

  if (value !== seen) {
    setSeen(value);
    setCommitted(null);
    if (value !== committed) setText(value);
  }

  const commitNow = (next: string) => {
    setCommitted(next);
    onCommit(next);
  };
  const commit = useEffectEvent(commitNow);

  const wanted = text.trim();
  const settled = wanted === value || wanted === committed;
  useEffect(() => {
    if (settled) return;
    const timer = setTimeout(() => commit(wanted), delay);
    return () => clearTimeout(timer);
  }, [wanted, settled, delay]);

  const flush = () => {
    if (!settled) commitNow(wanted);
  };

  /** Empties the box and the committed value at once (the clear button). */
  const clear = () => {
    setText('');
    if (value !== '') commitNow('');
  };

  return { text, setText, flush, clear };
};
