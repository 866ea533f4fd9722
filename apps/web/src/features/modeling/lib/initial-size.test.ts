import { describe, expect, it } from 'vitest';
import type { ModelNode } from '@portal/contract/canvas';
import { withInitialSizes } from './initial-size';

const model = (id: string, fields: number, measured?: { width: number; height: number }) =>
  ({
    id,
    type: 'model',
    position: { x: 0, y: 0 },
    data: {
      title: id,
      fields: Array.from({ length: fields }, (_, i) => ({
        label: `f${i}`,
        type: 'string',
        required: false,
      })),
      relations: [],
    },
    ...(measured ? { measured } : {}),
  }) satisfies ModelNode;

describe('withInitialSizes', () => {
  it('gives an unmeasured model a size growing with its rows and both handles', () => {
    const [small, large] = withInitialSizes([model('a', 1), model('b', 8)]);

    expect(small?.initialWidth).toBeGreaterThan(0);
    expect(Number(large?.initialHeight)).toBeGreaterThan(Number(small?.initialHeight));
    expect(small).toMatchObject({
      handles: [
        { id: 'target', type: 'target' },
        { id: 'source', type: 'source' },
      ],
    });
  });

  it('leaves measured models as they are, and answers the same array when all are', () => {
    const measured = [model('a', 1, { width: 256, height: 120 })];
    expect(withInitialSizes(measured)).toBe(measured);

    const mixed = [measured[0]!, model('b', 2)];
    const drawn = withInitialSizes(mixed);
    expect(drawn[0]).toBe(mixed[0]);
    expect(drawn[1]?.handles).toHaveLength(2);
  });

  it('answers the same sized object for the same model, so React Flow sees no change', () => {
    const node = model('a', 3);
    expect(withInitialSizes([node])[0]).toBe(withInitialSizes([node])[0]);
  });
});
