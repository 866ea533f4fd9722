import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNearFlows } from './near-flows';

/** An IntersectionObserver the test drives: `report(id, near)` as the browser would. */
let report: (flowId: number, near: boolean) => void;
const elements = new Map<number, HTMLElement>();

class FakeObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {
    report = (flowId, near) =>
      this.callback(
        [
          {
            target: elements.get(flowId),
            isIntersecting: near,
          } as unknown as IntersectionObserverEntry,
        ],
        this as unknown as IntersectionObserver,
      );
  }
  observe() {}
  unobserve() {}
  disconnect() {}
}

const section = (flowId: number) => {
  const element = document.createElement('section');
  element.dataset.flowId = String(flowId);
  elements.set(flowId, element);
  return element;
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout'] });
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  elements.clear();
});

const nearOnes = (store: ReturnType<typeof createNearFlows>, ids: number[]) =>
  ids.filter((id) => store.has(id));

describe('near flows', () => {
  it('takes flows in one per frame, leaving ones first', () => {
    const store = createNearFlows();
    const listener = vi.fn();
    store.subscribe(listener);
    for (const id of [1, 2, 3]) store.observe(section(id));
    report(1, true);
    report(2, true);
    expect(nearOnes(store, [1, 2, 3])).toEqual([]);
    vi.advanceTimersToNextFrame();
    expect(nearOnes(store, [1, 2, 3])).toEqual([1]);
    vi.advanceTimersToNextFrame();
    expect(nearOnes(store, [1, 2, 3])).toEqual([1, 2]);
    report(1, false);
    report(3, true);
    vi.advanceTimersToNextFrame();
    expect(nearOnes(store, [1, 2, 3])).toEqual([2]);
    vi.advanceTimersToNextFrame();
    expect(nearOnes(store, [1, 2, 3])).toEqual([2, 3]);
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('waits while the page scrolls, and takes flows in once it has stood still', () => {
    const store = createNearFlows();
    let scrollY = 0;
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
    for (const id of [1, 2]) store.observe(section(id));
    report(1, true);
    // A fling: the page moves every frame, and no flow comes near meanwhile.
    for (let i = 0; i < 20; i++) {
      scrollY += 700;
      vi.advanceTimersToNextFrame();
    }
    expect(store.has(1)).toBe(false);
    // Still for a moment (over 120 ms of frames), then one flow per frame as before.
    for (let i = 0; i < 7; i++) vi.advanceTimersToNextFrame();
    expect(store.has(1)).toBe(false);
    vi.advanceTimersByTime(100);
    vi.advanceTimersToNextFrame();
    expect(store.has(1)).toBe(true);
  });

  it('takes flows in at once while a step is dragged, even as the page scrolls', () => {
    const store = createNearFlows();
    let scrollY = 0;
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
    store.observe(section(1));
    store.setDragging(true);
    report(1, true);
    scrollY += 300;
    vi.advanceTimersToNextFrame();
    expect(store.has(1)).toBe(true);
  });

  it('has no flow near while frozen, and takes them back after thawing', () => {
    const store = createNearFlows();
    for (const id of [1, 2]) store.observe(section(id));
    report(1, true);
    vi.advanceTimersToNextFrame();
    expect(store.has(1)).toBe(true);

    store.setFrozen(true);
    expect(store.has(1)).toBe(false);
    // What the folded plan shows while frozen counts only once thawed.
    report(2, true);
    vi.advanceTimersToNextFrame();
    expect(store.has(2)).toBe(false);

    store.setFrozen(false);
    vi.advanceTimersByTime(200);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextFrame();
    expect(nearOnes(store, [1, 2])).toEqual([1, 2]);
  });
});
