import { memo } from 'react';
import {
  BaseEdge,
  EdgeLabelRenderer,
  Position,
  getBezierPath,
  useInternalNode,
  type EdgeProps,
  type InternalNode,
} from '@xyflow/react';
import { cn } from '../../../components/ui/cn';
import { edgeEnds, labelPoint, type Box, type BorderPoint, type Side } from '../lib/edge-geometry';
import type { RelationFlowEdge } from './flow-types';

const positions: Record<Side, Position> = {
  left: Position.Left,
  right: Position.Right,
  top: Position.Top,
  bottom: Position.Bottom,
};

/** A model's box in flow coordinates, once React Flow has measured it. */
const boxOf = (node: InternalNode | undefined): Box | null => {
  const width = node?.measured.width;
  const height = node?.measured.height;
  if (!node || !width || !height) return null;
  const { x, y } = node.internals.positionAbsolute;
  return { x, y, width, height };
};

const EndLabel = ({
  edgeId,
  end,
  at,
  children,
}: {
  edgeId: string;
  end: 'start' | 'end';
  at: BorderPoint;
  children: string;
}) => {
  const { x, y } = labelPoint(at);
  return (
    <div
      data-edge={edgeId}
      data-edge-label={end}
      className="edge-end-label nodrag nopan"
      style={{ transform: `translate(-50%, -50%) translate(${x}px, ${y}px)` }}
    >
      {children}
    </div>
  );
};

/**
 * The 'labeled' relation edge (spec §3): a curve from border to border of the two models (decision
 * 0013), the start label near the source model and the end label near the target. Memoised and
 * subscribed to its two models only, so dragging a model redraws just its own edges.
 */
const LabeledEdgeView = ({ id, source, target, data, selected }: EdgeProps<RelationFlowEdge>) => {
  const sourceBox = boxOf(useInternalNode(source));
  const targetBox = boxOf(useInternalNode(target));
  if (!sourceBox || !targetBox) return null;
  const ends = edgeEnds(sourceBox, targetBox);
  const [path] = getBezierPath({
    sourceX: ends.source.x,
    sourceY: ends.source.y,
    sourcePosition: positions[ends.source.side],
    targetX: ends.target.x,
    targetY: ends.target.y,
    targetPosition: positions[ends.target.side],
  });
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        className={cn('relation-edge', selected && 'selected')}
        // Inline too: the image export keeps inline styles more reliably than stylesheet ones.
        style={{ stroke: selected ? '#4f46e5' : '#94a3b8', strokeWidth: selected ? 2 : 1.5 }}
      />
      {data && (
        <EdgeLabelRenderer>
          <EndLabel edgeId={id} end="start" at={ends.source}>
            {data.startLabel}
          </EndLabel>
          <EndLabel edgeId={id} end="end" at={ends.target}>
            {data.endLabel}
          </EndLabel>
        </EdgeLabelRenderer>
      )}
    </>
  );
};

export const LabeledEdge = memo(LabeledEdgeView);
