import { describe, expect, it } from 'vitest';
import { borderPoint, edgeEnds, labelPoint } from './edge-geometry';

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
    expect(labelPoint({ x: 50, y: 50, side: 'bottom' })).toEqual({ x: 67, y: 66 });
    expect(labelPoint({ x: 50, y: 0, side: 'top' })).toEqual({ x: 67, y: -16 });
  });
});
