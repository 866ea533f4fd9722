import type { Edge, Node } from '@xyflow/react';
import type {
  MODEL_NODE_TYPE,
  ModelNodeData,
  RELATION_EDGE_TYPE,
  RelationEdge,
} from '@portal/contract/canvas';

/*
 * The contract's node and edge as React Flow types them, for the custom components' props: the
 * contract's types are open (`looseObject`), so React Flow's `Pick`s over them would turn every
 * optional React Flow key into a required `unknown`.
 */
export type ModelFlowNode = Node<ModelNodeData, typeof MODEL_NODE_TYPE>;
export type RelationFlowEdge = Edge<RelationEdge['data'], typeof RELATION_EDGE_TYPE>;
