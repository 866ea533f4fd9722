import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useDebouncedSearch } from './use-debounced-search';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The hook with its committed value held the way the URL holds it. */
const setup = (initial = '') => {
  const onCommit = vi.fn();
  const view = renderHook(({ value }) => useDebouncedSearch(value, onCommit), {
    initialProps: { value: initial },
  });
  return { onCommit, view };
};

describe('useDebouncedSearch', () => {
  it('commits 500 ms after the last keystroke, once', () => {
    const { onCommit, view } = setup();
    act(() => view.result.current.setText('ac'));
    act(() => vi.advanceTimersByTime(300));
    act(() => view.result.current.setText('acme'));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(onCommit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('acme');
  });

  it('commits trimmed text, and not at all for whitespace around the same search', () => {
    const { onCommit, view } = setup('acme');
    act(() => view.result.current.setText(' acme '));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onCommit).not.toHaveBeenCalled();
    act(() => view.result.current.setText(' acme co '));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('acme co');
  });

  it('commits at once on flush, and not again when the timer would have fired', () => {
    const { onCommit, view } = setup();
    act(() => view.result.current.setText('acme'));
    act(() => view.result.current.flush());
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('acme');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(onCommit).toHaveBeenCalledOnce();
  });

  it('keeps what was typed after a commit when the commit comes back', () => {
    const { onCommit, view } = setup();
    act(() => view.result.current.setText('ac'));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onCommit).toHaveBeenLastCalledWith('ac');
    act(() => view.result.current.setText('acm'));
    // The URL catches up with the first commit only now.
    view.rerender({ value: 'ac' });
    expect(view.result.current.text).toBe('acm');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onCommit).toHaveBeenLastCalledWith('acm');
  });

  it('shows a value changed from outside (back, forward, clear filters)', () => {
    const { onCommit, view } = setup('acme');
    view.rerender({ value: '' });
    expect(view.result.current.text).toBe('');
    view.rerender({ value: 'globex' });
    expect(view.result.current.text).toBe('globex');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onCommit).not.toHaveBeenCalled();
  });

  it('shows a value it committed earlier when history brings it back', () => {
    const { view } = setup();
    act(() => view.result.current.setText('a'));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    view.rerender({ value: 'a' });
    view.rerender({ value: '' }); // back
    expect(view.result.current.text).toBe('');
    view.rerender({ value: 'a' }); // forward
    expect(view.result.current.text).toBe('a');
  });

  it('clears the box and the committed value at once', () => {
    const { onCommit, view } = setup('acme');
    act(() => view.result.current.clear());
    expect(view.result.current.text).toBe('');
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('');
  });
});
