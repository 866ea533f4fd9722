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
/** Between labels stacked beside one side: a label's height (16px) and a little air. */
const STACK_Y = 18;
/** Between labels side by side along the top or bottom: the widest label ('0...*') and air. */
const STACK_X = 44;

/**
 * Where an end label sits among the labels on the same side of a box: `before` is above the line
 * on the left and right sides, left of it on the top and bottom; `rank` counts the labels between
 * it and the line, stacked outwards.
 */
export type LabelSlot = { before: boolean; rank: number };

/** One edge ending at a box, and where. */
export type EdgeEnd = { edgeId: string; point: BorderPoint };

const isUpright = (side: Side) => side === 'left' || side === 'right';

/** The slot of a lone label: above the line on an upright side, right of it on the others. */
export const defaultSlot = (side: Side): LabelSlot => ({ before: isUpright(side), rank: 0 });

/**
 * The slot of `edgeId`'s label among `ends`, every edge ending at one box. Ends leaving through
 * the same side are ordered along it; the first half put their labels before their lines, the
 * rest after, each stacked further out the further it is from the middle — so two edges leaving
 * a side side by side never put their labels on top of each other (decision 0013).
 */
export const labelSlot = (edgeId: string, ends: readonly EdgeEnd[]): LabelSlot => {
  const own = ends.find((end) => end.edgeId === edgeId);
  if (!own) return { before: true, rank: 0 };
  const { side } = own.point;
  const along = (end: EdgeEnd) => (isUpright(side) ? end.point.y : end.point.x);
  const sameSide = ends
    .filter((end) => end.point.side === side)
    .sort((a, b) => along(a) - along(b) || (a.edgeId < b.edgeId ? -1 : 1));
  if (sameSide.length <= 1) return defaultSlot(side);
  const index = sameSide.findIndex((end) => end.edgeId === edgeId);
  // A lone label keeps its usual place; with an odd count, the extra one goes where that is.
  const beforeCount = isUpright(side)
    ? Math.ceil(sameSide.length / 2)
    : Math.floor(sameSide.length / 2);
  return index < beforeCount
    ? { before: true, rank: beforeCount - 1 - index }
    : { before: false, rank: index - beforeCount };
};

/**
 * Where an end label goes: just outside the box along the edge's way out, shifted to one side so
 * that it sits beside the line rather than on it, and further out for a higher rank.
 */
export const labelPoint = (
  { x, y, side }: BorderPoint,
  { before, rank }: LabelSlot = defaultSlot(side),
) => {
  if (isUpright(side)) {
    const shift = LABEL_SHIFT + rank * STACK_Y;
    return {
      x: side === 'left' ? x - LABEL_GAP : x + LABEL_GAP,
      y: before ? y - shift : y + shift,
    };
  }
  // Half the widest label and a little: a label beside a vertical line stays clear of it.
  const shift = STACK_X / 2 + rank * STACK_X;
  return { x: before ? x - shift : x + shift, y: side === 'top' ? y - LABEL_GAP : y + LABEL_GAP };
};
