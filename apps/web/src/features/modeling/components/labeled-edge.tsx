import { memo } from 'react';
import {
  BaseEdge,
  EdgeLabelRenderer,
  Position,
  getBezierPath,
  type EdgeProps,
} from '@xyflow/react';
import { cn } from '../../../components/ui/cn';
import type { RelationFlowEdge } from './flow-types';

/** How far from the handle an end label sits, along the edge's way out of the box. */
const OFFSET = 16;

const away: Record<Position, [number, number]> = {
  [Position.Left]: [-OFFSET, -10],
  [Position.Right]: [OFFSET, -10],
  [Position.Top]: [12, -OFFSET],
  [Position.Bottom]: [12, OFFSET],
};

const EndLabel = ({
  x,
  y,
  position,
  end,
  edgeId,
  children,
}: {
  edgeId: string;
  x: number;
  y: number;
  position: Position;
  end: 'start' | 'end';
  children: string;
}) => {
  const [dx, dy] = away[position];
  return (
    <div
      data-edge={edgeId}
      data-edge-label={end}
      className="edge-end-label nodrag nopan"
      style={{ transform: `translate(-50%, -50%) translate(${x + dx}px, ${y + dy}px)` }}
    >
      {children}
    </div>
  );
};

/**
 * The 'labeled' relation edge (spec §3): a curve with the start label near the source model and
 * the end label near the target. Memoised, so dragging a model redraws its own edges only.
 */
const LabeledEdgeView = ({
  id,
  sourceX,
  sourceY,
  targetX,
  targetY,
  sourcePosition,
  targetPosition,
  data,
  selected,
}: EdgeProps<RelationFlowEdge>) => {
  const [path] = getBezierPath({
    sourceX,
    sourceY,
    sourcePosition,
    targetX,
    targetY,
    targetPosition,
  });
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        className={cn('relation-edge', selected && 'selected')}
        // Inline too: image export copies inline styles more reliably than stylesheet ones.
        style={{ stroke: selected ? '#4f46e5' : '#94a3b8', strokeWidth: selected ? 2 : 1.5 }}
      />
      {data && (
        <EdgeLabelRenderer>
          <EndLabel x={sourceX} y={sourceY} position={sourcePosition} end="start" edgeId={id}>
            {data.startLabel}
          </EndLabel>
          <EndLabel x={targetX} y={targetY} position={targetPosition} end="end" edgeId={id}>
            {data.endLabel}
          </EndLabel>
        </EdgeLabelRenderer>
      )}
    </>
  );
};

export const LabeledEdge = memo(LabeledEdgeView);
