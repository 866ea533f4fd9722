import { Position } from '@xyflow/react';
import type { ModelNode } from '@portal/contract/canvas';
import { SOURCE_HANDLE, TARGET_HANDLE } from './canvas-rules';

/** A box in view mode is `w-64` with its border. */
const WIDTH = 258;
/** Generous on purpose: a box taller than guessed could be culled while its top is in view. */
const HEADER = 56;
const ROW = 28;
const LISTS = 80;
const HANDLE = 8;

const sized = new WeakMap<ModelNode, ModelNode>();

/**
 * A model React Flow has not measured yet, with the size and handles it will about have.
 * Without them React Flow draws every model once to measure it, whatever `onlyRenderVisibleElements`
 * says: opening a canvas of 300 models laid out and measured all 300 in one 400 ms frame, then
 * removed the 270 out of view (decision 0056's amendment). With them it draws those in view, and
 * measures each as it comes into view; its measured size and handles then replace these.
 */
const withSize = (node: ModelNode): ModelNode => {
  const kept = sized.get(node);
  if (kept) return kept;
  const { fields, relations } = node.data;
  const height = HEADER + ROW * (fields.length + relations.length) + LISTS;
  const middle = height / 2 - HANDLE / 2;
  const next: ModelNode = {
    ...node,
    initialWidth: WIDTH,
    initialHeight: height,
    handles: [
      { id: TARGET_HANDLE, type: 'target', position: Position.Left, x: -HANDLE / 2, y: middle },
      {
        id: SOURCE_HANDLE,
        type: 'source',
        position: Position.Right,
        x: WIDTH - HANDLE / 2,
        y: middle,
      },
    ].map((handle) => ({ ...handle, width: HANDLE, height: HANDLE })),
  };
  sized.set(node, next);
  return next;
};

/** The diagram's models as React Flow is given them: the unmeasured ones sized (`withSize`). */
export const withInitialSizes = (nodes: ModelNode[]): ModelNode[] =>
  nodes.some((node) => !node.measured)
    ? nodes.map((node) => (node.measured ? node : withSize(node)))
    : nodes;
