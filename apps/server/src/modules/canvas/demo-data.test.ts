import { describe, expect, it } from 'vitest';
import {
  MODEL_FIELD_TYPES,
  parseCanvasData,
  RELATION_TYPES,
  type Canvas,
  type CanvasSummary,
} from '@portal/contract/canvas';
import { useDemoApp } from '../../test/demo-sign-in';

const { signIn } = useDemoApp();

const MIRROR = {
  OneToOne: 'OneToOne',
  OneToMany: 'ManyToOne',
  ManyToOne: 'OneToMany',
  ManyToMany: 'ManyToMany',
};
const LABELS = { one: ['1', '0...1'], many: ['1...*', '0...*'] } as const;
const labelOf = (relation: { type: string; required: boolean }) =>
  LABELS[relation.type.startsWith('One') ? 'one' : 'many'][relation.required ? 0 : 1];

describe('demo canvas', () => {
  it('gives staff an Acme data model that opens and is consistent edge by edge', async () => {
    const get = await signIn('lee@studio.example');
    const list: CanvasSummary[] = (await get('/api/canvas/')).json().results;
    expect(list.map((c) => [c.name, c.client_name])).toEqual([
      ['Acme shop data model', 'Acme Corporation'],
    ]);
    const canvas: Canvas = (await get(`/api/canvas/${list[0]!.id}/`)).json();
    const parsed = parseCanvasData(canvas.data);
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const { nodes, edges } = parsed.data;

    expect(nodes.map((n) => n.data.title)).toEqual(
      expect.arrayContaining(['Customer', 'Order', 'OrderItem', 'Product']),
    );
    const fields = nodes.flatMap((n) => n.data.fields);
    expect(new Set(fields.map((f) => f.type))).toEqual(new Set(MODEL_FIELD_TYPES));
    expect(new Set(fields.map((f) => f.required))).toEqual(new Set([true, false]));
    const relations = nodes.flatMap((n) => n.data.relations);
    expect(new Set(relations.map((r) => r.type))).toEqual(new Set(RELATION_TYPES));
    expect(new Set(relations.map((r) => r.required))).toEqual(new Set([true, false]));

    // Every relation belongs to exactly one edge, and every edge to one mirrored pair.
    expect(relations).toHaveLength(edges.length * 2);
    for (const edge of edges) {
      const source = nodes.find((n) => n.id === edge.source)!;
      const target = nodes.find((n) => n.id === edge.target)!;
      const own = source.data.relations.filter((r) => r.to === target.id);
      const other = target.data.relations.filter((r) => r.to === source.id);
      expect(own).toHaveLength(1);
      expect(other).toHaveLength(1);
      expect(own[0]!.sourceOrTarget).toBe('source');
      expect(other[0]!.sourceOrTarget).toBe('target');
      expect(other[0]!.type).toBe(MIRROR[own[0]!.type]);
      expect(edge.data).toEqual({ startLabel: labelOf(own[0]!), endLabel: labelOf(other[0]!) });
    }
  });

  it('is not shown to the Acme client user (canvases are staff only)', async () => {
    const get = await signIn('dana@acme.example');
    expect((await get('/api/canvas/')).statusCode).toBe(403);
  });
});
