import {
  MODEL_FIELD_TYPES,
  type CanvasData,
  type ModelNode,
  type RelationEdge,
} from '@portal/contract/canvas';

const ATTRIBUTE_TYPES = MODEL_FIELD_TYPES.filter((type) => type !== 'uuid');

const model = (index: number, id: string, relations: ModelNode['data']['relations']) => ({
  id,
  type: 'model' as const,
  position: { x: (index % 20) * 340, y: Math.floor(index / 20) * 280 },
  // React Flow's own keys travel with a saved node; the server keeps them.
  measured: { width: 320, height: 240 },
  data: {
    title: `Model ${index}`,
    fields: [
      { label: 'id', type: 'uuid' as const, required: true },
      ...ATTRIBUTE_TYPES.map((type, f) => ({ label: `${type}_${f}`, type, required: f % 2 === 0 })),
    ],
    relations,
  },
});

/**
 * A valid diagram of `count` models in a chain, each joined to the next (OneToMany, required on
 * the source side), every attribute type in each, about 1.3 KB of JSON per model (2 MB stays under the model limit): the size tests' realistic payload.
 */
export const chainCanvas = (count: number): CanvasData => {
  const id = (i: number) => `model-${i}`;
  const nodes = Array.from({ length: count }, (_, i) =>
    model(i, id(i), [
      ...(i > 0
        ? [
            {
              to: id(i - 1),
              sourceOrTarget: 'target' as const,
              type: 'ManyToOne' as const,
              required: false,
            },
          ]
        : []),
      ...(i < count - 1
        ? [
            {
              to: id(i + 1),
              sourceOrTarget: 'source' as const,
              type: 'OneToMany' as const,
              required: true,
            },
          ]
        : []),
    ]),
  );
  const edges = Array.from({ length: Math.max(0, count - 1) }, (_, i): RelationEdge => ({
    id: `edge-${i}`,
    source: id(i),
    target: id(i + 1),
    sourceHandle: 'source',
    targetHandle: 'target',
    type: 'labeled',
    data: { startLabel: '1', endLabel: '0...*' },
  }));
  return { nodes, edges, viewport: { x: 0, y: 0, zoom: 1 } };
};

/** The smallest chain whose JSON is at least `bytes` long (ASCII, so characters are bytes). */
export const chainCanvasOfSize = (bytes: number) => {
  const base = JSON.stringify(chainCanvas(1)).length;
  const perModel = (JSON.stringify(chainCanvas(1001)).length - base) / 1000;
  let count = Math.max(1, Math.floor((bytes - base) / perModel));
  let text = JSON.stringify(chainCanvas(count));
  while (text.length < bytes) text = JSON.stringify(chainCanvas(++count));
  return text;
};
