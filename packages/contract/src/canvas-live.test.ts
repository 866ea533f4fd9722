import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { ModelNode } from './canvas';
import {
  coveredBy,
  documentFrom,
  finishedDiagram,
  liveModels,
  readDiagram,
  writeDiagram,
  type LiveDiagram,
} from './canvas-live';

const node = (id: string, title: string, relations: ModelNode['data']['relations'] = []) =>
  ({
    id,
    type: 'model',
    position: { x: 0, y: 0 },
    data: { title, fields: [{ label: 'id', type: 'uuid', required: true }], relations },
  }) satisfies ModelNode;

const pair: LiveDiagram = {
  nodes: [
    node('a', 'Customer', [
      { to: 'b', sourceOrTarget: 'source', type: 'OneToMany', required: true },
    ]),
    node('b', 'Order', [{ to: 'a', sourceOrTarget: 'target', type: 'ManyToOne', required: false }]),
  ],
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

const docOf = (state: Uint8Array) => {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  return doc;
};

describe('the shared document of a canvas', () => {
  it('reads back the diagram it was made from, in order', () => {
    expect(readDiagram(docOf(documentFrom(pair)))).toEqual(pair);
  });

  it('writes only what changed: a moved model is one small update', () => {
    const doc = docOf(documentFrom(pair));
    const updates: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => updates.push(update));
    const current = readDiagram(doc);
    const moved = {
      ...current,
      nodes: current.nodes.map((n) => (n.id === 'a' ? { ...n, position: { x: 90, y: 40 } } : n)),
    };
    writeDiagram(doc, moved, current);
    expect(updates).toHaveLength(1);
    expect(updates[0]!.length).toBeLessThan(80);
    expect(readDiagram(doc).nodes[0]?.position).toEqual({ x: 90, y: 40 });
    // The same diagram again writes nothing.
    writeDiagram(doc, readDiagram(doc));
    expect(updates).toHaveLength(1);
  });

  it('merges two people editing different parts at once, and of the same part keeps one', () => {
    const start = documentFrom(pair);
    const [one, two] = [docOf(start), docOf(start)];
    const base = readDiagram(one);
    const edit = (doc: Y.Doc, id: string, title: string, x: number) =>
      writeDiagram(
        doc,
        {
          ...base,
          nodes: base.nodes.map((n) =>
            n.id === id ? { ...n, position: { x, y: 0 }, data: { ...n.data, title } } : n,
          ),
        },
        base,
      );
    edit(one, 'a', 'Client', 10);
    edit(two, 'b', 'Purchase', 20);
    Y.applyUpdate(one, Y.encodeStateAsUpdate(two));
    Y.applyUpdate(two, Y.encodeStateAsUpdate(one));
    expect(readDiagram(one)).toEqual(readDiagram(two));
    expect(readDiagram(one).nodes.map((n) => n.data.title)).toEqual(['Client', 'Purchase']);
  });

  it('leaves out what two edits together point at nothing: a deleted model’s relations and edges', () => {
    const start = documentFrom(pair);
    const [one, two] = [docOf(start), docOf(start)];
    // One deletes Order while the other renames it: the deletion wins, and nothing dangles.
    liveModels(one).delete('b');
    liveModels(two).get('b')?.set('title', 'Renamed');
    Y.applyUpdate(one, Y.encodeStateAsUpdate(two));
    const merged = readDiagram(one);
    expect(merged.nodes.map((n) => n.id)).toEqual(['a']);
    expect(merged.nodes[0]?.data.relations).toEqual([]);
    expect(merged.edges).toEqual([]);
  });

  it('a version leaves out half-typed attributes and relations without a model', () => {
    const half = {
      ...pair,
      nodes: pair.nodes.map((n) => ({
        ...n,
        data: {
          ...n.data,
          fields: [...n.data.fields, { label: ' ', type: 'string' as const, required: false }],
          relations: [
            ...n.data.relations,
            {
              to: null,
              sourceOrTarget: 'source' as const,
              type: 'OneToOne' as const,
              required: false,
            },
          ],
        },
      })),
    };
    expect(finishedDiagram(half)).toEqual(pair);
  });

  it('tells whether a state vector holds every change of another', () => {
    const doc = docOf(documentFrom(pair));
    const saved = Y.encodeStateVector(doc);
    expect(coveredBy(Y.encodeStateVector(doc), saved)).toBe(true);
    liveModels(doc).get('a')?.set('title', 'Changed');
    expect(coveredBy(Y.encodeStateVector(doc), saved)).toBe(false);
    expect(coveredBy(saved, Y.encodeStateVector(doc))).toBe(true);
  });
});
