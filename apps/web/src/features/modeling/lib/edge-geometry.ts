/**
 * Where a relation edge meets its models: on the line between the two boxes' centres, at the
 * border of each box (React Flow's "floating edges"), so an edge takes the short way whichever
 * side the other model is on, instead of looping round from a fixed handle.
 */

export type Box = { x: number; y: number; width: number; height: number };
export type Side = 'left' | 'right' | 'top' | 'bottom';
export type BorderPoint = { x: number; y: number; side: Side };

/** Where the line from `from`'s centre towards `to`'s centre leaves `from`, and through which side. */
export const borderPoint = (from: Box, to: Box): BorderPoint => {
  const cx = from.x + from.width / 2;
  const cy = from.y + from.height / 2;
  const dx = to.x + to.width / 2 - cx;
  const dy = to.y + to.height / 2 - cy;
  if (dx === 0 && dy === 0) return { x: from.x + from.width, y: cy, side: 'right' };
  // How far along the line each pair of sides is reached; the nearer one is crossed.
  const alongX = dx === 0 ? Infinity : from.width / 2 / Math.abs(dx);
  const alongY = dy === 0 ? Infinity : from.height / 2 / Math.abs(dy);
  const along = Math.min(alongX, alongY);
  return {
    x: cx + dx * along,
    y: cy + dy * along,
    side: alongX <= alongY ? (dx > 0 ? 'right' : 'left') : dy > 0 ? 'bottom' : 'top',
  };
};

/** Both ends of the edge from `source` to `target`. */
export const edgeEnds = (source: Box, target: Box) => ({
  source: borderPoint(source, target),
  target: borderPoint(target, source),
});

const LABEL_GAP = 16;
const LABEL_SHIFT = 11;

/**
 * Where an end label goes: just outside the box along the edge's way out, shifted to one side so
 * that it sits beside the line rather than on it.
 */
export const labelPoint = ({ x, y, side }: BorderPoint) => {
  switch (side) {
    case 'left':
      return { x: x - LABEL_GAP, y: y - LABEL_SHIFT };
    case 'right':
      return { x: x + LABEL_GAP, y: y - LABEL_SHIFT };
    case 'top':
      return { x: x + LABEL_SHIFT + 6, y: y - LABEL_GAP };
    case 'bottom':
      return { x: x + LABEL_SHIFT + 6, y: y + LABEL_GAP };
  }
};
