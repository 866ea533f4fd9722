import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { ModelNode } from '@portal/contract/canvas';
import { liveEdges, liveModels, readDiagram, writeDiagram } from '@portal/contract/canvas-live';
import type { Diagram } from '../lib/canvas-rules';
import { takeRemote } from './take-remote';

const node = (id: string, title: string, x: number): ModelNode => ({
  id,
  type: 'model',
  position: { x, y: 0 },
  data: { title, fields: [{ label: 'id', type: 'uuid', required: true }], relations: [] },
});

const drawn: Diagram = {
  nodes: [node('a', 'Customer', 0), node('b', 'Order', 300), node('c', 'Invoice', 600)],
  edges: [
    {
      id: 'e',
      source: 'a',
      target: 'b',
      sourceHandle: 'source',
      targetHandle: 'target',
      type: 'labeled',
      data: { startLabel: '1', endLabel: '0...*' },
    },
  ],
};

/** A document holding `drawn`, as every editor on the canvas has it. */
const shared = () => {
  const doc = new Y.Doc();
  writeDiagram(doc, drawn);
  return doc;
};

const none = () => ({ models: new Set<string>(), edges: new Set<string>() });

describe('takeRemote', () => {
  it('takes a moved model and keeps everything else as it is drawn, edges array included', () => {
    const doc = shared();
    liveModels(doc).get('b')?.set('position', { x: 320, y: 40 });

    const next = takeRemote(drawn, doc, { ...none(), models: new Set(['b']) });

    expect(next.nodes[1]?.position).toEqual({ x: 320, y: 40 });
    // Its box keeps its data object (no re-render); the others are the very same nodes.
    expect(next.nodes[1]?.data).toBe(drawn.nodes[1]?.data);
    expect(next.nodes[0]).toBe(drawn.nodes[0]);
    expect(next.nodes[2]).toBe(drawn.nodes[2]);
    // React Flow rebuilds its lookups of every edge when handed a new array: none here.
    expect(next.edges).toBe(drawn.edges);
  });

  it('answers the drawn diagram itself when a change brings nothing new', () => {
    const doc = shared();
    // Written and taken back in one go: the document says "b changed", and it is as drawn.
    liveModels(doc).get('b')?.set('position', { x: 300, y: 0 });

    expect(takeRemote(drawn, doc, { models: new Set(['b']), edges: new Set(['e']) })).toBe(drawn);
    expect(takeRemote(drawn, doc, none())).toBe(drawn);
  });

  it('takes a renamed model with new data and its position object kept', () => {
    const doc = shared();
    liveModels(doc).get('a')?.set('title', 'Client');

    const next = takeRemote(drawn, doc, { ...none(), models: new Set(['a']) });

    expect(next.nodes[0]?.data.title).toBe('Client');
    expect(next.nodes[0]?.position).toBe(drawn.nodes[0]?.position);
  });

  it('drops a deleted model and its edge, appends a new one, in the order drawn', () => {
    const doc = shared();
    doc.transact(() => {
      liveModels(doc).delete('a');
      liveEdges(doc).delete('e');
    });
    writeDiagram(doc, {
      ...readDiagram(doc),
      nodes: [...readDiagram(doc).nodes, node('d', 'Payment', 900)],
    });

    const next = takeRemote(drawn, doc, { models: new Set(['a', 'd']), edges: new Set(['e']) });

    expect(next.nodes.map((model) => model.id)).toEqual(['b', 'c', 'd']);
    expect(next.nodes[0]).toBe(drawn.nodes[1]);
    expect(next.edges).toEqual([]);
  });
});
