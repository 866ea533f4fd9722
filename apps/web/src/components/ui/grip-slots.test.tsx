import { act, render, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { slotRef, useSlot } from './grip-slots';

describe('grip slots', () => {
  it('hands out one stable ref per id', () => {
    expect(slotRef('step-1-grip')).toBe(slotRef('step-1-grip'));
    expect(slotRef('step-1-grip')).not.toBe(slotRef('step-2-grip'));
  });

  it('finds the element while it is on the page, and forgets it after', () => {
    const { result } = renderHook(() => useSlot('step-7-grip'));
    expect(result.current).toBeNull();
    const { unmount } = render(<span ref={slotRef('step-7-grip')} data-testid="slot" />);
    expect(result.current).toBe(document.querySelector('[data-testid="slot"]'));
    act(() => unmount());
    expect(result.current).toBeNull();
  });

  it('keeps the new element when a moved row mounts before the old one leaves', () => {
    const { result } = renderHook(() => useSlot('step-8-grip'));
    const first = render(<span ref={slotRef('step-8-grip')} data-testid="old" />);
    const second = render(<span ref={slotRef('step-8-grip')} data-testid="new" />);
    act(() => first.unmount());
    expect(result.current).toBe(second.getByTestId('new'));
    act(() => second.unmount());
    expect(result.current).toBeNull();
  });
});
