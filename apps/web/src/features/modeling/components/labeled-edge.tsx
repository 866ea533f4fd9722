import { memo, useCallback, useState, type MouseEvent, type TouchEvent } from 'react';
import { createPortal } from 'react-dom';
import {
  BaseEdge,
  Position,
  getBezierPath,
  useInternalNode,
  useStore,
  useStoreApi,
  type EdgeProps,
  type InternalNode,
  type ReactFlowState,
} from '@xyflow/react';
// React Flow's own connection drag, as its built-in reconnect anchors start it (pinned together
// with @xyflow/react, which depends on this exact version).
import { XYHandle } from '@xyflow/system';
import { cn } from '../../../components/ui/cn';
import { SOURCE_HANDLE, reconnect } from '../lib/canvas-rules';
import {
  borderPoint,
  edgeEnds,
  labelPoint,
  labelSlot,
  type BorderPoint,
  type Box,
  type EdgeEnd,
  type LabelSlot,
  type Side,
} from '../lib/edge-geometry';
import { useCanvasUpdate } from './canvas-update';
import type { RelationFlowEdge } from './flow-types';

/** Spec §9: how near an edge's end the pointer must be to drag that end to another model. */
export const RECONNECT_RADIUS = 10;

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

const sameSlot = (a: LabelSlot | null, b: LabelSlot | null) =>
  a === b || (a !== null && b !== null && a.before === b.before && a.rank === b.rank);

type Connections = ReactFlowState['connectionLookup'] extends Map<string, infer M> ? M : never;
type SlotsAt = { nodes: (InternalNode | undefined)[]; slots: Map<string, LabelSlot> };

/**
 * The label slots at each model, worked out once for all its edges and kept until the model or
 * one of its neighbours moves: every edge's selector runs on every frame of a drag, and most of
 * them then find their answer here. Keyed by React Flow's own map of the model's connections,
 * which it replaces when the edges change.
 */
const slotsCache = new WeakMap<Connections, SlotsAt>();

const slotsAt = (state: ReactFlowState, nodeId: string, connections: Connections) => {
  const nodes = [state.nodeLookup.get(nodeId)];
  for (const { source, target } of connections.values())
    nodes.push(state.nodeLookup.get(source === nodeId ? target : source));
  const cached = slotsCache.get(connections);
  if (cached && cached.nodes.every((node, index) => node === nodes[index])) return cached.slots;
  const slots = new Map<string, LabelSlot>();
  const box = boxOf(nodes[0]);
  if (box) {
    const ends: EdgeEnd[] = [];
    let index = 1;
    for (const { edgeId } of connections.values()) {
      const other = boxOf(nodes[index++]);
      if (other) ends.push({ edgeId, point: borderPoint(box, other) });
    }
    for (const { edgeId } of ends) slots.set(edgeId, labelSlot(edgeId, ends));
  }
  slotsCache.set(connections, { nodes, slots });
  return slots;
};

/**
 * Where this edge's label sits among the labels of every edge ending at `nodeId` (see
 * `labelSlot`); null for a model with this edge alone. Re-renders the edge only when its slot
 * changes, not on every frame of a drag.
 */
const useLabelSlot = (edgeId: string, nodeId: string) => {
  const selector = useCallback(
    (state: ReactFlowState): LabelSlot | null => {
      const connections = state.connectionLookup.get(nodeId);
      if (!connections || connections.size < 2) return null;
      return slotsAt(state, nodeId, connections).get(edgeId) ?? null;
    },
    [edgeId, nodeId],
  );
  return useStore(selector, sameSlot);
};

/**
 * React Flow's layer for edge labels, looked up once per flow. `<EdgeLabelRenderer>` does the same
 * portal but finds the layer with a `querySelector` in a store selector, which every label runs on
 * every store update — each frame of a pan or a drag (decision 0038).
 */
const labelLayers = new WeakMap<HTMLDivElement, HTMLElement>();
const selectLabelLayer = (state: ReactFlowState) => {
  const { domNode } = state;
  if (!domNode) return null;
  let layer = labelLayers.get(domNode);
  // Looked up again should React Flow ever render the layer anew under the same flow.
  if (!layer?.isConnected) {
    const found = domNode.querySelector('.react-flow__edgelabel-renderer');
    if (!(found instanceof HTMLElement)) return null;
    layer = found;
    labelLayers.set(domNode, layer);
  }
  return layer;
};

const EndLabel = ({
  edgeId,
  end,
  at,
  slot,
  children,
}: {
  edgeId: string;
  end: 'start' | 'end';
  at: BorderPoint;
  slot: LabelSlot | null;
  children: string;
}) => {
  const { x, y } = labelPoint(at, slot ?? undefined);
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

/** The centre of a reconnect anchor: just outside the box, where the edge leaves it. */
const anchorCentre = ({ x, y, side }: BorderPoint) => {
  switch (side) {
    case 'left':
      return { x: x - RECONNECT_RADIUS, y };
    case 'right':
      return { x: x + RECONNECT_RADIUS, y };
    case 'top':
      return { x, y: y - RECONNECT_RADIUS };
    case 'bottom':
      return { x, y: y + RECONNECT_RADIUS };
  }
};

/**
 * Grabbing an edge's end drags it to another model (React Flow's reconnect). React Flow's own
 * anchors sit at the fixed handles, not at our floating ends, so the edge draws its own and starts
 * the same drag: a connection from the model that stays, whose connect handle it always has, so
 * the drop targets and the validity check are those of a new relation. The rule does the rest.
 */
const ReconnectAnchor = ({
  edgeId,
  end,
  fixed,
  at,
  onReconnecting,
}: {
  edgeId: string;
  /** The end this anchor moves. */
  end: 'source' | 'target';
  /** The model at the other end, which stays. */
  fixed: string;
  at: BorderPoint;
  onReconnecting(reconnecting: boolean): void;
}) => {
  const store = useStoreApi();
  const update = useCanvasUpdate();
  const start = (event: MouseEvent<SVGCircleElement> | TouchEvent<SVGCircleElement>) => {
    if ('button' in event && event.button !== 0) return;
    const state = store.getState();
    XYHandle.onPointerDown(event.nativeEvent, {
      autoPanOnConnect: state.autoPanOnConnect,
      connectionMode: state.connectionMode,
      connectionRadius: state.connectionRadius,
      domNode: state.domNode,
      handleId: SOURCE_HANDLE,
      nodeId: fixed,
      isTarget: false,
      edgeUpdaterType: 'source',
      nodeLookup: state.nodeLookup,
      lib: state.lib,
      flowId: state.rfId,
      cancelConnection: state.cancelConnection,
      panBy: state.panBy,
      isValidConnection: (connection) => store.getState().isValidConnection?.(connection) ?? true,
      onConnectStart: (startEvent, params) => {
        onReconnecting(true);
        store.getState().onConnectStart?.(startEvent, params);
      },
      onConnect: ({ target: moved }) =>
        update((diagram) =>
          reconnect(
            diagram,
            edgeId,
            end === 'target' ? { source: fixed, target: moved } : { source: moved, target: fixed },
          ),
        ),
      onConnectEnd: (...args) => store.getState().onConnectEnd?.(...args),
      onReconnectEnd: () => onReconnecting(false),
      updateConnection: state.updateConnection,
      getTransform: () => store.getState().transform,
      getFromHandle: () => store.getState().connection.fromHandle,
      dragThreshold: state.connectionDragThreshold,
      handleDomNode: event.currentTarget,
    });
  };
  const { x, y } = anchorCentre(at);
  return (
    <circle
      className="react-flow__edgeupdater relation-reconnect nodrag nopan"
      fill="transparent"
      stroke="transparent"
      data-end={end}
      cx={x}
      cy={y}
      r={RECONNECT_RADIUS}
      onMouseDown={start}
      onTouchStart={start}
    />
  );
};

/**
 * The 'labeled' relation edge (spec §3): a curve from border to border of the two models (decision
 * 0013), the start label near the source model and the end label near the target, and an anchor
 * at each end to drag that end to another model. Memoised and subscribed to its two models only,
 * so dragging a model redraws just its own edges.
 */
const LabeledEdgeView = ({ id, source, target, data, selected }: EdgeProps<RelationFlowEdge>) => {
  const sourceBox = boxOf(useInternalNode(source));
  const targetBox = boxOf(useInternalNode(target));
  const sourceSlot = useLabelSlot(id, source);
  const targetSlot = useLabelSlot(id, target);
  const [reconnecting, setReconnecting] = useState(false);
  const labelLayer = useStore(selectLabelLayer);
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
        className={cn('relation-edge', selected && 'selected', reconnecting && 'reconnecting')}
        // Inline too: the image export keeps inline styles more reliably than stylesheet ones.
        style={{ stroke: selected ? '#4f46e5' : '#94a3b8', strokeWidth: selected ? 2 : 1.5 }}
      />
      {(['source', 'target'] as const).map((end) => (
        <ReconnectAnchor
          key={end}
          edgeId={id}
          end={end}
          fixed={end === 'source' ? target : source}
          at={ends[end]}
          onReconnecting={setReconnecting}
        />
      ))}
      {data &&
        labelLayer &&
        createPortal(
          <>
            <EndLabel edgeId={id} end="start" at={ends.source} slot={sourceSlot}>
              {data.startLabel}
            </EndLabel>
            <EndLabel edgeId={id} end="end" at={ends.target} slot={targetSlot}>
              {data.endLabel}
            </EndLabel>
          </>,
          labelLayer,
        )}
    </>
  );
};

export const LabeledEdge = memo(LabeledEdgeView);
