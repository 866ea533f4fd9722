import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNearSections } from './near-sections';

/** An IntersectionObserver the test drives, as the browser would: `report(element, near)`. */
let report: (element: Element, near: boolean) => void;

class FakeObserver {
  constructor(callback: IntersectionObserverCallback) {
    report = (target, isIntersecting) =>
      callback(
        [{ target, isIntersecting } as unknown as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      );
  }
  observe() {}
  unobserve() {}
  disconnect() {}
}

afterEach(() => vi.unstubAllGlobals());

describe('createNearSections', () => {
  it('follows the observer, telling listeners when a section comes or goes', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const near = createNearSections();
    const listener = vi.fn();
    near.subscribe(listener);
    const first = document.createElement('section');
    near.observe(first, 1);
    expect(near.has(1)).toBe(false);
    report(first, true);
    expect(near.has(1)).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    report(first, true);
    expect(listener).toHaveBeenCalledTimes(1);
    report(first, false);
    expect(near.has(1)).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps sections near while held (a drag), and lets them go after', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const near = createNearSections();
    const first = document.createElement('section');
    const second = document.createElement('section');
    near.observe(first, 1);
    near.observe(second, 2);
    report(first, true);
    near.hold(true);
    report(second, true);
    report(first, false);
    expect([near.has(1), near.has(2)]).toEqual([true, true]);
    near.hold(false);
    expect([near.has(1), near.has(2)]).toEqual([false, true]);
  });

  it('counts every section as near without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const near = createNearSections();
    near.observe(document.createElement('section'), 7);
    expect(near.has(7)).toBe(true);
  });
});
