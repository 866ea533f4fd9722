import { describe, expect, it } from 'vitest';
import { borderPoint, edgeEnds, labelPoint, labelSlot, type EdgeEnd } from './edge-geometry';

const box = (x: number, y: number, width = 100, height = 50) => ({ x, y, width, height });

describe('borderPoint', () => {
  it('leaves through the side facing the other box', () => {
    expect(borderPoint(box(0, 0), box(300, 0))).toEqual({ x: 100, y: 25, side: 'right' });
    expect(borderPoint(box(300, 0), box(0, 0))).toEqual({ x: 300, y: 25, side: 'left' });
    expect(borderPoint(box(0, 0), box(0, 300))).toEqual({ x: 50, y: 50, side: 'bottom' });
    expect(borderPoint(box(0, 300), box(0, 0))).toEqual({ x: 50, y: 300, side: 'top' });
  });

  it('meets the border on the line between the centres when the other box is diagonal', () => {
    // Centres (50, 25) and (250, 125): the line rises 1 for every 2 across.
    const point = borderPoint(box(0, 0), box(200, 100));
    expect(point.side).toBe('right');
    expect(point.x).toBe(100);
    expect(point.y).toBe(50);
    // A steeper line crosses the bottom first.
    const steep = borderPoint(box(0, 0), box(40, 300));
    expect(steep.side).toBe('bottom');
    expect(steep.y).toBe(50);
    expect(steep.x).toBeCloseTo(50 + (40 * 25) / 300);
  });

  it('answers a point on the right for boxes with the same centre', () => {
    expect(borderPoint(box(0, 0), box(0, 0))).toEqual({ x: 100, y: 25, side: 'right' });
  });
});

describe('edgeEnds', () => {
  it('gives facing sides for both ends', () => {
    const ends = edgeEnds(box(0, 0), box(400, 0));
    expect(ends.source.side).toBe('right');
    expect(ends.target.side).toBe('left');
    expect(ends.target.x).toBe(400);
  });
});

describe('labelPoint', () => {
  it('puts the label outside the box, beside the line', () => {
    expect(labelPoint({ x: 100, y: 25, side: 'right' })).toEqual({ x: 116, y: 14 });
    expect(labelPoint({ x: 0, y: 25, side: 'left' })).toEqual({ x: -16, y: 14 });
    expect(labelPoint({ x: 50, y: 50, side: 'bottom' })).toEqual({ x: 72, y: 66 });
    expect(labelPoint({ x: 50, y: 0, side: 'top' })).toEqual({ x: 72, y: -16 });
  });
});

describe('labelSlot', () => {
  const end = (edgeId: string, x: number, y: number, side: EdgeEnd['point']['side']): EdgeEnd => ({
    edgeId,
    point: { x, y, side },
  });

  it('keeps the usual place for a label alone on its side', () => {
    const ends = [end('a', 100, 20, 'right'), end('b', 0, 20, 'left'), end('c', 50, 50, 'bottom')];
    expect(labelSlot('a', ends)).toEqual({ before: true, rank: 0 });
    expect(labelSlot('b', ends)).toEqual({ before: true, rank: 0 });
    expect(labelSlot('c', ends)).toEqual({ before: false, rank: 0 });
  });

  it('puts two labels leaving one side on either side of their lines, never on each other', () => {
    // Two edges leaving the right side 4px apart: the labels used to be drawn on each other.
    const ends = [end('low', 100, 24, 'right'), end('high', 100, 20, 'right')];
    const high = labelSlot('high', ends);
    const low = labelSlot('low', ends);
    expect(high).toEqual({ before: true, rank: 0 });
    expect(low).toEqual({ before: false, rank: 0 });
    const a = labelPoint(ends[1]!.point, high);
    const b = labelPoint(ends[0]!.point, low);
    expect(Math.abs(a.y - b.y)).toBeGreaterThanOrEqual(16);
  });

  it('stacks more labels outwards from the middle, each clear of the next', () => {
    const ends = [0, 3, 6, 9, 12].map((y, i) => end(`e${i}`, 100, y, 'right'));
    const placed = ends.map((e) => labelPoint(e.point, labelSlot(e.edgeId, ends)).y);
    for (let i = 1; i < placed.length; i++)
      expect(placed[i]! - placed[i - 1]!).toBeGreaterThanOrEqual(16);
    // Along the top, side by side, at least a label's width apart.
    const top = [40, 44, 48].map((x, i) => end(`t${i}`, x, 0, 'top'));
    const across = top.map((e) => labelPoint(e.point, labelSlot(e.edgeId, top)).x);
    for (let i = 1; i < across.length; i++)
      expect(across[i]! - across[i - 1]!).toBeGreaterThanOrEqual(40);
  });
});
