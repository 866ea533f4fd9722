import { describe, expect, it } from 'vitest';
import {
  RELATION_TYPES,
  endLabel,
  canvasDataSchema,
  type ModelNode,
  type ModelRelation,
  type RelationType,
} from '@portal/contract/canvas';
import {
  addAttribute,
  addModel,
  addRelation,
  areConnected,
  canAddAttribute,
  canAddRelation,
  canTarget,
  connect,
  createId,
  deleteModels,
  diagramContent,
  finishEditing,
  finishEditingAll,
  isConnectTarget,
  mirrorRelationType,
  modelTitle,
  nameEdges,
  reconnect,
  relationEdgeName,
  relationTargetTitle,
  removeAttribute,
  removeEdges,
  removeRelation,
  setModelTitle,
  setRelationRequired,
  setRelationTarget,
  setRelationType,
  toCanvasData,
  updateAttribute,
  type Diagram,
} from './canvas-rules';

const model = (id: string, title = id, relations: ModelRelation[] = []): ModelNode => ({
  id,
  type: 'model',
  position: { x: 0, y: 0 },
  data: { title, fields: [], relations },
});

const diagram = (...ids: string[]): Diagram => ({ nodes: ids.map((id) => model(id)), edges: [] });

const node = (data: Diagram, id: string) => {
  const found = data.nodes.find((n) => n.id === id);
  if (!found) throw new Error(`no node ${id}`);
  return found;
};
const relations = (data: Diagram, id: string) => node(data, id).data.relations;

/** The edge 'e1' from a to b through the box handles, as the rules draw it. */
const edgeAB = (startLabel: string, endLabel: string) => ({
  id: 'e1',
  source: 'a',
  target: 'b',
  sourceHandle: 'source',
  targetHandle: 'target',
  type: 'labeled',
  data: { startLabel, endLabel },
});

/** Every diagram a rule answers must be one the server accepts. */
const valid = (data: Diagram) => {
  const result = canvasDataSchema.safeParse({ ...data, viewport: { x: 0, y: 0, zoom: 1 } });
  expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
  return data;
};

describe('titles', () => {
  it("shows 'Unnamed Model' for an empty or blank title in the box header", () => {
    expect(modelTitle('')).toBe('Unnamed Model');
    expect(modelTitle('   ')).toBe('Unnamed Model');
    expect(modelTitle('User')).toBe('User');
  });

  it("shows the target's title, 'Unnamed model' when untitled, 'Connect a model...' until chosen", () => {
    expect(relationTargetTitle({ title: 'Order' })).toBe('Order');
    expect(relationTargetTitle({ title: '' })).toBe('Unnamed model');
    expect(relationTargetTitle(null)).toBe('Connect a model...');
    expect(relationTargetTitle(undefined)).toBe('Connect a model...');
  });
});

describe('createId', () => {
  it('answers a different id every time', () => {
    const ids = new Set(Array.from({ length: 100 }, () => createId()));
    expect(ids.size).toBe(100);
  });
});

describe('addModel', () => {
  it("adds a 'New Model' with no fields or relations at a 0–50 offset from the viewport origin", () => {
    const start = diagram('a');
    const randoms = [0.2, 0.9];
    const next = addModel(start, { x: -300, y: 100, zoom: 2 }, () => randoms.shift() ?? 0, 'n1');
    expect(next.nodes).toHaveLength(2);
    expect(next.nodes[0]).toBe(start.nodes[0]);
    expect(next.nodes[1]).toEqual({
      id: 'n1',
      type: 'model',
      // The visible top-left corner is (150, -50) in flow coordinates at zoom 2.
      position: { x: 150 + 10, y: -50 + 45 },
      data: { title: 'New Model', fields: [], relations: [] },
    });
    expect(start.nodes).toHaveLength(1);
    valid(next);
  });

  it('stays within 0–50 of the origin for any random value, with a unique id', () => {
    let data = diagram();
    for (const r of [0, 0.5, 0.999]) data = addModel(data, { x: 0, y: 0, zoom: 1 }, () => r);
    for (const n of data.nodes) {
      expect(n.position.x).toBeGreaterThanOrEqual(0);
      expect(n.position.x).toBeLessThan(50);
    }
    expect(new Set(data.nodes.map((n) => n.id)).size).toBe(3);
  });
});

describe('connect', () => {
  it('gives both models a required OneToOne relation and a labeled edge with 1 at both ends', () => {
    const start = diagram('a', 'b', 'c');
    const next = connect(start, 'a', 'b', { sourceHandle: 'source', targetHandle: 'target' }, 'e1');
    expect(relations(next, 'a')).toEqual([
      { to: 'b', sourceOrTarget: 'source', type: 'OneToOne', required: true },
    ]);
    expect(relations(next, 'b')).toEqual([
      { to: 'a', sourceOrTarget: 'target', type: 'OneToOne', required: true },
    ]);
    expect(next.edges).toEqual([edgeAB('1', '1')]);
    // Untouched: the input, and the model not involved.
    expect(start.edges).toEqual([]);
    expect(relations(start, 'a')).toEqual([]);
    expect(node(next, 'c')).toBe(node(start, 'c'));
    valid(next);
  });

  it('adds nothing when the pair is already connected, either way', () => {
    const once = connect(diagram('a', 'b'), 'a', 'b');
    expect(connect(once, 'a', 'b')).toBe(once);
    expect(connect(once, 'b', 'a')).toBe(once);
  });

  it('adds nothing for a model and itself or a model that does not exist', () => {
    const start = diagram('a', 'b');
    expect(connect(start, 'a', 'a')).toBe(start);
    expect(connect(start, 'a', 'zzz')).toBe(start);
  });

  it('counts a relation without an edge as a connection', () => {
    const start: Diagram = {
      nodes: [
        model('a', 'a', [{ to: 'b', sourceOrTarget: 'source', type: 'OneToOne', required: true }]),
        model('b'),
      ],
      edges: [],
    };
    expect(areConnected(start, 'b', 'a')).toBe(true);
    expect(connect(start, 'b', 'a')).toBe(start);
  });
});

describe('removeEdges', () => {
  it('removes the edge and the matching relations on both models, and only those', () => {
    let data = connect(diagram('a', 'b', 'c'), 'a', 'b', {}, 'ab');
    data = connect(data, 'c', 'a', {}, 'ca');
    const next = removeEdges(data, ['ab']);
    expect(next.edges.map((e) => e.id)).toEqual(['ca']);
    expect(relations(next, 'a')).toEqual([
      { to: 'c', sourceOrTarget: 'target', type: 'OneToOne', required: true },
    ]);
    expect(relations(next, 'b')).toEqual([]);
    expect(relations(next, 'c')).toHaveLength(1);
    valid(next);
  });

  it('answers the same diagram for an unknown edge', () => {
    const data = connect(diagram('a', 'b'), 'a', 'b');
    expect(removeEdges(data, ['nope'])).toBe(data);
  });
});

describe('deleteModels', () => {
  it('removes the model, its edges and every relation pointing to it', () => {
    let data = connect(diagram('a', 'b', 'c', 'd'), 'a', 'b', {}, 'ab');
    data = connect(data, 'c', 'a', {}, 'ca');
    data = connect(data, 'b', 'c', {}, 'bc');
    const next = deleteModels(data, ['a']);
    expect(next.nodes.map((n) => n.id)).toEqual(['b', 'c', 'd']);
    expect(next.edges.map((e) => e.id)).toEqual(['bc']);
    expect(relations(next, 'b').map((r) => r.to)).toEqual(['c']);
    expect(relations(next, 'c').map((r) => r.to)).toEqual(['b']);
    expect(node(next, 'd')).toBe(node(data, 'd'));
    valid(next);
  });

  it('removes several at once', () => {
    const data = connect(diagram('a', 'b', 'c'), 'a', 'b');
    const next = deleteModels(data, ['a', 'b']);
    expect(next.nodes.map((n) => n.id)).toEqual(['c']);
    expect(next.edges).toEqual([]);
  });
});

describe('labels', () => {
  it('mirrors OneToMany and ManyToOne and keeps the others', () => {
    expect(mirrorRelationType('OneToMany')).toBe('ManyToOne');
    expect(mirrorRelationType('ManyToOne')).toBe('OneToMany');
    expect(mirrorRelationType('OneToOne')).toBe('OneToOne');
    expect(mirrorRelationType('ManyToMany')).toBe('ManyToMany');
  });

  // A side is 'one' when its own relation's type starts with 'One'.
  const expected: Record<RelationType, [required: string, optional: string]> = {
    OneToOne: ['1', '0...1'],
    OneToMany: ['1', '0...1'],
    ManyToOne: ['1...*', '0...*'],
    ManyToMany: ['1...*', '0...*'],
  };
  for (const type of RELATION_TYPES) {
    it(`labels a ${type} side ${expected[type][0]} when required and ${expected[type][1]} when not`, () => {
      expect(endLabel({ type, required: true })).toBe(expected[type][0]);
      expect(endLabel({ type, required: false })).toBe(expected[type][1]);
    });
  }

  // Every type set on the source side, with every Required on both sides: the edge's labels.
  for (const type of RELATION_TYPES)
    for (const sourceRequired of [true, false])
      for (const targetRequired of [true, false])
        it(`${type}, source ${sourceRequired ? 'required' : 'optional'}, target ${targetRequired ? 'required' : 'optional'}`, () => {
          let data = connect(diagram('a', 'b'), 'a', 'b');
          data = setRelationType(data, 'a', 0, type);
          data = setRelationRequired(data, 'a', 0, sourceRequired);
          data = setRelationRequired(data, 'b', 0, targetRequired);
          const mirror = mirrorRelationType(type);
          expect(relations(data, 'a')[0]).toMatchObject({ type, required: sourceRequired });
          expect(relations(data, 'b')[0]).toMatchObject({ type: mirror, required: targetRequired });
          expect(data.edges[0]?.data).toEqual({
            startLabel: expected[type][sourceRequired ? 0 : 1],
            endLabel: expected[mirror][targetRequired ? 0 : 1],
          });
          valid(data);
        });
});

describe('setRelationType', () => {
  it('sets the opposite on the other model and recomputes both labels', () => {
    const data = connect(diagram('a', 'b'), 'a', 'b');
    const next = setRelationType(data, 'a', 0, 'OneToMany');
    expect(relations(next, 'a')[0]?.type).toBe('OneToMany');
    expect(relations(next, 'b')[0]?.type).toBe('ManyToOne');
    expect(next.edges[0]?.data).toEqual({ startLabel: '1', endLabel: '1...*' });
  });

  it('works from the target side too: the labels stay at their own ends', () => {
    const data = connect(diagram('a', 'b'), 'a', 'b');
    const next = setRelationType(data, 'b', 0, 'OneToMany');
    expect(relations(next, 'a')[0]?.type).toBe('ManyToOne');
    expect(next.edges[0]?.data).toEqual({ startLabel: '1...*', endLabel: '1' });
  });

  it('changes only the relation to the other model when a model has several', () => {
    let data = connect(diagram('a', 'b', 'c'), 'a', 'b');
    data = connect(data, 'c', 'b');
    const next = setRelationType(data, 'a', 0, 'ManyToMany');
    expect(relations(next, 'b').map((r) => r.type)).toEqual(['ManyToMany', 'OneToOne']);
    expect(node(next, 'c')).toBe(node(data, 'c'));
  });

  it('changes an unfinished relation alone', () => {
    const data = addRelation(diagram('a'), 'a');
    expect(relations(setRelationType(data, 'a', 0, 'ManyToOne'), 'a')[0]?.type).toBe('ManyToOne');
  });

  it('answers the same diagram when nothing changes', () => {
    const data = connect(diagram('a', 'b'), 'a', 'b');
    expect(setRelationType(data, 'a', 0, 'OneToOne')).toBe(data);
    expect(setRelationType(data, 'a', 5, 'OneToMany')).toBe(data);
    expect(setRelationRequired(data, 'a', 0, true)).toBe(data);
  });
});

describe('setRelationRequired', () => {
  it("recomputes only its own model's end of the edge", () => {
    const data = connect(diagram('a', 'b'), 'a', 'b');
    const next = setRelationRequired(data, 'b', 0, false);
    expect(relations(next, 'b')[0]?.required).toBe(false);
    expect(relations(next, 'a')[0]?.required).toBe(true);
    expect(next.edges[0]?.data).toEqual({ startLabel: '1', endLabel: '0...1' });
  });
});

describe('relations made in edit mode', () => {
  it("adds an unfinished relation and blocks 'Add relation' until it has a target", () => {
    const data = addRelation(diagram('a', 'b'), 'a');
    expect(relations(data, 'a')).toEqual([
      { to: null, sourceOrTarget: 'source', type: 'OneToOne', required: true },
    ]);
    expect(canAddRelation(node(data, 'a').data)).toBe(false);
    expect(addRelation(data, 'a')).toBe(data);
  });

  it('choosing a target mirrors the chosen type and Required on it and draws the edge', () => {
    let data = addRelation(diagram('a', 'b'), 'a');
    data = setRelationType(data, 'a', 0, 'ManyToOne');
    data = setRelationRequired(data, 'a', 0, false);
    const next = setRelationTarget(data, 'a', 0, 'b', 'e1');
    expect(relations(next, 'a')).toEqual([
      { to: 'b', sourceOrTarget: 'source', type: 'ManyToOne', required: false },
    ]);
    expect(relations(next, 'b')).toEqual([
      { to: 'a', sourceOrTarget: 'target', type: 'OneToMany', required: false },
    ]);
    expect(next.edges).toEqual([edgeAB('0...*', '0...1')]);
    expect(canAddRelation(node(next, 'a').data)).toBe(true);
    valid(next);
  });

  it('only to a different model that exists and is not joined already', () => {
    let data = addRelation(diagram('a', 'b', 'c'), 'a');
    expect(setRelationTarget(data, 'a', 0, 'a')).toBe(data);
    expect(setRelationTarget(data, 'a', 0, 'zzz')).toBe(data);
    data = connect(data, 'c', 'a');
    expect(canTarget(data, 'a', 'c')).toBe(false);
    expect(canTarget(data, 'a', 'b')).toBe(true);
    expect(setRelationTarget(data, 'a', 0, 'c')).toBe(data);
  });

  it('moving a relation to another target lets go of the old one, its mirror and its edge', () => {
    let data = addRelation(diagram('a', 'b', 'c'), 'a');
    data = setRelationTarget(data, 'a', 0, 'b', 'e1');
    const next = setRelationTarget(data, 'a', 0, 'c', 'e2');
    expect(relations(next, 'a').map((r) => r.to)).toEqual(['c']);
    expect(relations(next, 'b')).toEqual([]);
    expect(relations(next, 'c').map((r) => r.to)).toEqual(['a']);
    expect(next.edges.map((e) => [e.id, e.source, e.target])).toEqual([['e2', 'a', 'c']]);
    const cleared = setRelationTarget(next, 'a', 0, null);
    expect(relations(cleared, 'a')).toEqual([
      { to: null, sourceOrTarget: 'source', type: 'OneToOne', required: true },
    ]);
    expect(cleared.edges).toEqual([]);
    expect(relations(cleared, 'c')).toEqual([]);
  });

  it('removing a relation with a target removes its mirror and the edge', () => {
    let data = connect(diagram('a', 'b'), 'a', 'b');
    data = addRelation(data, 'b');
    const next = removeRelation(data, 'b', 0);
    expect(relations(next, 'a')).toEqual([]);
    expect(relations(next, 'b').map((r) => r.to)).toEqual([null]);
    expect(next.edges).toEqual([]);
    expect(relations(removeRelation(next, 'b', 0), 'b')).toEqual([]);
  });
});

describe('attributes', () => {
  it("adds a string attribute that is not required, and blocks 'Add attribute' while one has no name", () => {
    const data = addAttribute(diagram('a'), 'a');
    expect(node(data, 'a').data.fields).toEqual([{ label: '', type: 'string', required: false }]);
    expect(canAddAttribute(node(data, 'a').data)).toBe(false);
    expect(addAttribute(data, 'a')).toBe(data);
    const named = updateAttribute(data, 'a', 0, { label: 'email' });
    expect(canAddAttribute(node(named, 'a').data)).toBe(true);
    expect(addAttribute(named, 'a').nodes[0]?.data.fields).toHaveLength(2);
  });

  it('counts a blank name as no name', () => {
    const data = updateAttribute(addAttribute(diagram('a'), 'a'), 'a', 0, { label: '  ' });
    expect(canAddAttribute(node(data, 'a').data)).toBe(false);
  });

  it('changes type and Required, and removes', () => {
    let data = addAttribute(diagram('a'), 'a');
    data = updateAttribute(data, 'a', 0, { label: 'tags', type: 'string[]', required: true });
    expect(node(data, 'a').data.fields).toEqual([
      { label: 'tags', type: 'string[]', required: true },
    ]);
    expect(updateAttribute(data, 'a', 0, { type: 'string[]' })).toBe(data);
    expect(node(removeAttribute(data, 'a', 0), 'a').data.fields).toEqual([]);
    expect(removeAttribute(data, 'a', 3)).toBe(data);
  });

  it('sets the title', () => {
    const data = setModelTitle(diagram('a', 'b'), 'a', 'Customer');
    expect(node(data, 'a').data.title).toBe('Customer');
    expect(setModelTitle(data, 'a', 'Customer')).toBe(data);
  });
});

describe('finishEditing', () => {
  it('drops attributes with an empty name and relations with no target', () => {
    let data = connect(diagram('a', 'b'), 'a', 'b');
    data = addAttribute(data, 'a');
    data = updateAttribute(data, 'a', 0, { label: 'name' });
    data = addAttribute(data, 'a');
    data = updateAttribute(data, 'a', 1, { label: '   ' });
    data = addRelation(data, 'a');
    const next = finishEditing(data, 'a');
    expect(node(next, 'a').data.fields.map((f) => f.label)).toEqual(['name']);
    expect(relations(next, 'a').map((r) => r.to)).toEqual(['b']);
    expect(next.edges).toBe(data.edges);
  });

  it('answers the same diagram when there is nothing to drop', () => {
    const data = connect(diagram('a', 'b'), 'a', 'b');
    expect(finishEditing(data, 'a')).toBe(data);
  });
});

describe('toCanvasData', () => {
  it("keeps the documented keys only, leaving React Flow's own out", () => {
    const data = connect(diagram('a', 'b'), 'a', 'b', {}, 'e');
    const withState: Diagram = {
      nodes: data.nodes.map((n) => ({ ...n, selected: true, measured: { width: 1, height: 2 } })),
      edges: data.edges.map((e) => ({ ...e, selected: true })),
    };
    const saved = toCanvasData(withState, { x: 1, y: 2, zoom: 0.5 });
    expect(saved.nodes[0]).toEqual({
      id: 'a',
      type: 'model',
      position: { x: 0, y: 0 },
      data: node(data, 'a').data,
    });
    expect(Object.keys(saved.edges[0] ?? {}).sort()).toEqual(
      ['data', 'id', 'source', 'sourceHandle', 'target', 'targetHandle', 'type'].sort(),
    );
    expect(saved.viewport).toEqual({ x: 1, y: 2, zoom: 0.5 });
    expect(canvasDataSchema.parse(JSON.parse(JSON.stringify(saved)))).toEqual(saved);
  });
});

describe('isConnectTarget (spec §5)', () => {
  it('is off while nothing is being dragged', () => {
    expect(isConnectTarget({ inProgress: false }, 'a')).toBe(false);
  });

  it('is on for every other model while a connection is dragged', () => {
    const dragging = { inProgress: true, fromNode: { id: 'a' } } as const;
    expect(isConnectTarget(dragging, 'b')).toBe(true);
    expect(isConnectTarget(dragging, 'c')).toBe(true);
  });

  it('is off for the model the connection is dragged from', () => {
    expect(isConnectTarget({ inProgress: true, fromNode: { id: 'a' } }, 'a')).toBe(false);
  });
});

describe('reconnect', () => {
  /** a → b, OneToMany from a, a's side optional and b's required: labels 0...1 and 1...*. */
  const joined = () => {
    let data = connect(diagram('a', 'b', 'c', 'd'), 'a', 'b', {}, 'e1');
    data = setRelationType(data, 'a', 0, 'OneToMany');
    data = setRelationRequired(data, 'a', 0, false);
    return data;
  };

  it("moves the target end: the new target gets the old target's relation, with its type and Required", () => {
    let data = joined();
    data = connect(data, 'c', 'a', {}, 'e2');
    // c is joined to a already, so that is refused; d is free.
    expect(reconnect(data, 'e1', { source: 'a', target: 'c' })).toBe(data);
    const moved = reconnect(data, 'e1', { source: 'a', target: 'd' });
    expect(relations(moved, 'a')).toEqual([
      { to: 'd', sourceOrTarget: 'source', type: 'OneToMany', required: false },
      { to: 'c', sourceOrTarget: 'target', type: 'OneToOne', required: true },
    ]);
    expect(relations(moved, 'b')).toEqual([]);
    expect(relations(moved, 'd')).toEqual([
      { to: 'a', sourceOrTarget: 'target', type: 'ManyToOne', required: true },
    ]);
    const edge = moved.edges.find((e) => e.id === 'e1');
    expect(edge).toMatchObject({ source: 'a', target: 'd' });
    expect(edge?.data).toEqual({ startLabel: '0...1', endLabel: '1...*' });
    expect(node(moved, 'c')).toBe(node(data, 'c'));
    expect(moved.edges.find((e) => e.id === 'e2')).toBe(data.edges.find((e) => e.id === 'e2'));
    valid(moved);
  });

  it('moves the source end: the new source gets the old source relation, the target keeps its place', () => {
    let data = joined();
    data = connect(data, 'b', 'c', {}, 'e2');
    const moved = reconnect(data, 'e1', { source: 'd', target: 'b' });
    expect(relations(moved, 'a')).toEqual([]);
    expect(relations(moved, 'd')).toEqual([
      { to: 'b', sourceOrTarget: 'source', type: 'OneToMany', required: false },
    ]);
    // b's relation stays first, now pointing at d.
    expect(relations(moved, 'b')).toEqual([
      { to: 'd', sourceOrTarget: 'target', type: 'ManyToOne', required: true },
      { to: 'c', sourceOrTarget: 'source', type: 'OneToOne', required: true },
    ]);
    expect(moved.edges[0]).toMatchObject({ id: 'e1', source: 'd', target: 'b' });
    expect(moved.edges[0]?.data).toEqual({ startLabel: '0...1', endLabel: '1...*' });
    valid(moved);
  });

  it('refuses a self-relation, an already joined pair, unknown models and edges', () => {
    const data = joined();
    expect(reconnect(data, 'e1', { source: 'a', target: 'a' })).toBe(data);
    expect(reconnect(data, 'e1', { source: 'b', target: 'b' })).toBe(data);
    expect(reconnect(data, 'e1', { source: 'a', target: 'b' })).toBe(data);
    expect(reconnect(data, 'e1', { source: 'b', target: 'a' })).toBe(data);
    expect(reconnect(data, 'e1', { source: 'a', target: 'zzz' })).toBe(data);
    expect(reconnect(data, 'nope', { source: 'a', target: 'c' })).toBe(data);
  });
});

describe('finishEditingAll', () => {
  it('finishes every model given, and leaves the others as they are', () => {
    let data = diagram('a', 'b', 'c');
    for (const id of ['a', 'b', 'c']) data = addAttribute(data, id);
    const next = finishEditingAll(data, new Set(['a', 'b', 'gone']));
    expect(node(next, 'a').data.fields).toEqual([]);
    expect(node(next, 'b').data.fields).toEqual([]);
    expect(node(next, 'c')).toBe(node(data, 'c'));
    expect(finishEditingAll(data, [])).toBe(data);
  });
});

describe('edge names', () => {
  it("reads 'Source to Target, type' from the titles and the source's relation", () => {
    let data = connect(diagram('a', 'b'), 'a', 'b', {}, 'e1');
    data = setModelTitle(setModelTitle(data, 'a', 'Customer'), 'b', 'Order');
    data = setRelationType(data, 'a', 0, 'OneToMany');
    expect(relationEdgeName(node(data, 'a'), node(data, 'b'))).toBe('Customer to Order, OneToMany');
    data = setModelTitle(data, 'b', ' ');
    expect(relationEdgeName(node(data, 'a'), node(data, 'b'))).toBe(
      'Customer to Unnamed model, OneToMany',
    );
  });

  it('names every edge, and renames only the edges whose name changed', () => {
    let data = connect(diagram('a', 'b', 'c'), 'a', 'b', {}, 'ab');
    data = connect(data, 'c', 'b', {}, 'cb');
    const named = nameEdges(data);
    expect(named.edges.map((edge) => edge.ariaLabel)).toEqual([
      'a to b, OneToOne',
      'c to b, OneToOne',
    ]);
    // Nothing to rename: the very same diagram.
    expect(nameEdges(named)).toBe(named);
    const moved = { ...named, nodes: named.nodes.map((n) => ({ ...n, position: { x: 5, y: 5 } })) };
    expect(nameEdges(moved)).toBe(moved);
    expect(nameEdges(moved, named)).toBe(moved);
    const renamed = nameEdges(setModelTitle(named, 'a', 'Customer'), named);
    expect(renamed.edges[0]?.ariaLabel).toBe('Customer to b, OneToOne');
    expect(renamed.edges[1]).toBe(named.edges[1]);
    const retyped = nameEdges(setRelationType(renamed, 'c', 0, 'ManyToMany'));
    expect(retyped.edges[1]?.ariaLabel).toBe('c to b, ManyToMany');
  });
});

describe('diagramContent', () => {
  it('is the same string for the same diagram, whatever the key order or React Flow state', () => {
    const data = connect(diagram('a', 'b'), 'a', 'b', {}, 'e');
    const shuffled: Diagram = {
      nodes: data.nodes.map((n) => ({
        measured: { width: 10, height: 10 },
        selected: true,
        data: {
          relations: n.data.relations.map(({ required, type, sourceOrTarget, to }) => ({
            required,
            type,
            sourceOrTarget,
            to,
          })),
          fields: [],
          title: n.data.title,
        },
        position: n.position,
        type: n.type,
        id: n.id,
      })),
      edges: nameEdges(data).edges.map((e) => ({ ...e, selected: true })),
    };
    expect(diagramContent(shuffled)).toBe(diagramContent(data));
  });

  it('changes with any edit of the stored diagram', () => {
    const data = connect(diagram('a', 'b'), 'a', 'b', {}, 'e');
    const content = diagramContent(data);
    expect(diagramContent(setModelTitle(data, 'a', 'x'))).not.toBe(content);
    expect(diagramContent(setRelationRequired(data, 'a', 0, false))).not.toBe(content);
    expect(
      diagramContent({
        ...data,
        nodes: data.nodes.map((n) => (n.id === 'a' ? { ...n, position: { x: 1, y: 0 } } : n)),
      }),
    ).not.toBe(content);
    // Typing a letter and taking it back is no change.
    expect(diagramContent(setModelTitle(setModelTitle(data, 'a', 'ax'), 'a', 'a'))).toBe(content);
  });
});
