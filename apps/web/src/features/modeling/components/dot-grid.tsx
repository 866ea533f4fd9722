import { useMemo } from 'react';
import { useStore, type ReactFlowState } from '@xyflow/react';

export type DotGridProps = {
  /** Distance between dots in flow units, as React Flow's `<Background gap>`. */
  gap: number;
  /** Dot diameter in flow units, as React Flow's `<Background size>`. */
  size: number;
  color: string;
};

const selectTransform = (state: ReactFlowState) => state.transform;

/**
 * The dotted pane of React Flow's `<Background variant="dots">`, drawn so that panning costs no
 * painting: React Flow moves an SVG pattern under the whole pane on every frame of a pan, which
 * the browser repaints in full (two thirds of the raster work of a pan over 300 models, measured
 * in decision 0025). Here the dots are one tile image repeated over a layer one gap larger than
 * the pane, and a pan only shifts that layer by the remainder of the offset: the compositor moves
 * it and nothing is repainted. A zoom changes the tile's size and repaints once.
 *
 * The layer moves by whole pixels. Chromium composites in software here (no GPU), and a layer at
 * a fractional offset is resampled with filtering on every frame: at zoom 0.75 (a 13.5 px tile)
 * that was most of the compositor thread's time in a pan (decision 0038). Rounding moves the dots
 * by less than half a pixel from React Flow's pattern, and they still follow the diagram exactly
 * (each frame's offset comes from the view's own).
 */
export const DotGrid = ({ gap, size, color }: DotGridProps) => {
  const [x, y, zoom] = useStore(selectTransform);
  const step = gap * zoom || 1;
  const radius = (size * zoom) / 2;
  // React Flow's pattern starts a tile at every x - step/2 + k·step (its dot at radius, radius).
  const offset = (value: number) => Math.round((((value - step / 2) % step) + step) % step);
  // The same string while only the offset changes: a pan then touches the transform alone.
  const tile = useMemo(
    () =>
      `url("data:image/svg+xml,${encodeURIComponent(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${step}" height="${step}"><circle cx="${radius}" cy="${radius}" r="${radius}" fill="${color}"/></svg>`,
      )}")`,
    [step, radius, color],
  );
  return (
    <div
      aria-hidden
      data-testid="dot-grid"
      className="pointer-events-none absolute will-change-transform"
      style={{
        zIndex: -1,
        top: -step,
        left: -step,
        width: `calc(100% + ${2 * step}px)`,
        height: `calc(100% + ${2 * step}px)`,
        backgroundImage: tile,
        backgroundSize: `${step}px ${step}px`,
        transform: `translate3d(${offset(x)}px, ${offset(y)}px, 0)`,
      }}
    />
  );
};
