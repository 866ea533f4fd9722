import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { layOutWhenIdle } from './lay-out-when-idle';

/** A flow whose last child counts the times its box is read (what makes the browser lay it out). */
const flow = (reads: Map<Element, number>) => {
  const section = document.createElement('section');
  const last = document.createElement('div');
  section.append(document.createElement('header'), last);
  last.getBoundingClientRect = () => {
    reads.set(section, (reads.get(section) ?? 0) + 1);
    return new DOMRect();
  };
  document.body.append(section);
  return section;
};

beforeEach(() => {
  vi.useFakeTimers();
  // jsdom has no idle callbacks: the fallback (a timer) runs them.
  vi.stubGlobal('requestIdleCallback', undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('layOutWhenIdle', () => {
  it('lays out one element per idle moment, each once', () => {
    const reads = new Map<Element, number>();
    const done = new WeakSet<Element>();
    const [a, b] = [flow(reads), flow(reads)];
    layOutWhenIdle([a, b], done);
    expect(reads.size).toBe(0);
    vi.advanceTimersByTime(50);
    expect([reads.get(a), reads.get(b)]).toEqual([1, undefined]);
    vi.advanceTimersByTime(50);
    expect([reads.get(a), reads.get(b)]).toEqual([1, 1]);
    // Called again (a flow added): only the new one is laid out.
    const c = flow(reads);
    layOutWhenIdle([a, b, c], done);
    vi.advanceTimersByTime(500);
    expect([reads.get(a), reads.get(b), reads.get(c)]).toEqual([1, 1, 1]);
  });

  it('stops when cancelled, and skips elements no longer in the page', () => {
    const reads = new Map<Element, number>();
    const [a, b, c] = [flow(reads), flow(reads), flow(reads)];
    b.remove();
    const cancel = layOutWhenIdle([a, b, c], new WeakSet());
    vi.advanceTimersByTime(150);
    expect([reads.get(a), reads.get(b), reads.get(c)]).toEqual([1, undefined, 1]);
    const d = flow(reads);
    layOutWhenIdle([d], new WeakSet())();
    vi.advanceTimersByTime(500);
    expect(reads.get(d)).toBeUndefined();
    cancel();
  });
});
