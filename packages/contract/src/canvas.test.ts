import { describe, expect, it } from 'vitest';
import { CANVAS_LIMITS, parseCanvasData, utf8ByteLength, type CanvasData } from './canvas';

const node = (id: string, relations: CanvasData['nodes'][number]['data']['relations'] = []) => ({
  id,
  type: 'model' as const,
  position: { x: 0, y: 0 },
  data: { title: id, fields: [{ label: 'id', type: 'uuid' as const, required: true }], relations },
});

const canvas = (overrides: Partial<CanvasData> = {}): CanvasData => ({
  nodes: [
    node('a', [{ to: 'b', sourceOrTarget: 'source', type: 'OneToOne', required: true }]),
    node('b', [{ to: 'a', sourceOrTarget: 'target', type: 'OneToOne', required: true }]),
  ],
  edges: [
    {
      id: 'e-a-b',
      source: 'a',
      target: 'b',
      type: 'labeled',
      data: { startLabel: '1', endLabel: '1' },
    },
  ],
  viewport: { x: 10, y: -4, zoom: 1.5 },
  ...overrides,
});

const errorsOf = (text: string) => {
  const result = parseCanvasData(text);
  if (result.ok) throw new Error('expected errors');
  return result.errors;
};

describe('parseCanvasData', () => {
  it('reads an empty string as a new, empty canvas', () => {
    expect(parseCanvasData('')).toEqual({
      ok: true,
      data: { nodes: [], edges: [], viewport: { x: 0, y: 0, zoom: 1 } },
    });
  });

  it('accepts a diagram and keeps React Flow keys it does not read', () => {
    const data = canvas();
    const withExtras = {
      ...data,
      nodes: data.nodes.map((n) => ({ ...n, measured: { width: 1 } })),
    };
    const result = parseCanvasData(JSON.stringify(withExtras));
    expect(result).toEqual({ ok: true, data: withExtras });
  });

  it('rejects text that is not JSON', () => {
    expect(errorsOf('{nodes')[0]).toMatch(/^Not valid JSON/);
  });

  it('names the place of a bad field type', () => {
    const data = canvas();
    const bad = JSON.parse(JSON.stringify(data)) as {
      nodes: { data: { fields: { type: string }[] } }[];
    };
    bad.nodes[1]!.data.fields[0]!.type = 'varchar';
    expect(errorsOf(JSON.stringify(bad))[0]).toMatch(/^nodes\.1\.data\.fields\.0\.type: /);
  });

  it('rejects a bad relation type', () => {
    const bad = canvas({
      nodes: [
        node('a', [{ to: null, sourceOrTarget: 'source', type: 'OneToOne', required: true }]),
      ],
      edges: [],
    });
    const text = JSON.stringify(bad).replace('"OneToOne"', '"OneToFew"');
    expect(errorsOf(text)[0]).toMatch(/^nodes\.0\.data\.relations\.0\.type: /);
  });

  it('rejects duplicate node ids and dangling references', () => {
    const errors = errorsOf(
      JSON.stringify(
        canvas({
          nodes: [
            node('a', [{ to: 'zz', sourceOrTarget: 'source', type: 'OneToOne', required: true }]),
            node('a'),
          ],
        }),
      ),
    );
    expect(errors).toEqual([
      'nodes.1.id: Duplicate node id "a".',
      'nodes.0.data.relations.0.to: Unknown node id "zz".',
      'edges.0.target: Unknown node id "b".',
    ]);
  });

  it('rejects a relation to its own model but allows an unfinished one', () => {
    const self = node('a', [
      { to: 'a', sourceOrTarget: 'source', type: 'OneToOne', required: true },
    ]);
    expect(errorsOf(JSON.stringify(canvas({ nodes: [self], edges: [] })))).toEqual([
      'nodes.0.data.relations.0.to: A relation must point to another model.',
    ]);
    const unfinished = node('a', [
      { to: null, sourceOrTarget: 'source', type: 'OneToOne', required: false },
    ]);
    expect(parseCanvasData(JSON.stringify(canvas({ nodes: [unfinished], edges: [] }))).ok).toBe(
      true,
    );
  });

  it('rejects a missing viewport and a non-object', () => {
    expect(errorsOf('{"nodes":[],"edges":[]}')[0]).toMatch(/^viewport: /);
    expect(errorsOf('[]')).toHaveLength(1);
  });

  it('rejects data over 2 MB, counted in UTF-8 bytes', () => {
    const title = 'é'.repeat(CANVAS_LIMITS.dataBytes / 2);
    const text = JSON.stringify(
      canvas({ nodes: [{ ...node('a'), data: { title, fields: [], relations: [] } }], edges: [] }),
    );
    expect(text.length).toBeLessThan(CANVAS_LIMITS.dataBytes);
    expect(errorsOf(text)).toEqual(['Ensure the canvas data is at most 2 MB.']);
  });

  it('counts bytes as UTF-8 stores them, lone surrogates as the 3-byte replacement', () => {
    // What Buffer.byteLength(text, 'utf8') answers for each.
    const cases: [string, number][] = [
      ['', 0],
      ['plain', 5],
      ['é', 2],
      ['€', 3],
      ['😀', 4],
      ['a😀b', 6],
      ['\ud83d', 3],
      ['\ude00x', 4],
      ['\ud83d\ud83d', 6],
    ];
    for (const [text, bytes] of cases) expect(utf8ByteLength(text)).toBe(bytes);
  });
});
