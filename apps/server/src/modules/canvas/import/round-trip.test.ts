import { describe, expect, it } from 'vitest';
import {
  MODEL_FIELD_TYPES,
  type CanvasData,
  type ModelField,
  type ModelNode,
  type ModelRelation,
} from '@portal/contract/canvas';
import type { SqlDialect } from '@portal/contract/canvas-import';
import { toMysqlDdl, toPostgresDdl } from '@portal/contract/canvas-export/sql';
import { readSqlScript } from './read-sql';
import { importIntoCanvas } from './to-canvas';

const field = (label: string, type: ModelField['type'], required: boolean): ModelField => ({
  label,
  type,
  required,
});

const relation = (
  to: string,
  sourceOrTarget: ModelRelation['sourceOrTarget'],
  type: ModelRelation['type'],
  required: boolean,
): ModelRelation => ({ to, sourceOrTarget, type, required });

const node = (id: string, fields: ModelField[], relations: ModelRelation[]): ModelNode => ({
  id,
  type: 'model',
  position: { x: 0, y: 0 },
  data: { title: id, fields, relations },
});

/**
 * Every attribute type, ids of two types, and each way a pair is drawn: ManyToOne from the
 * referencing side, OneToMany from the referenced side, OneToOne required and optional. Titles
 * and attribute names are snake_case already: the exports write table names that way.
 */
const diagram = (): CanvasData => ({
  nodes: [
    node(
      'customer',
      [
        field('id', 'uuid', true),
        ...MODEL_FIELD_TYPES.map((type, i) =>
          field(`f_${type.replace('[]', '_list')}`, type, i % 2 === 0),
        ),
      ],
      [
        relation('purchase', 'source', 'OneToMany', true),
        relation('profile', 'target', 'OneToOne', false),
      ],
    ),
    node(
      'purchase',
      [field('id', 'int', true), field('placed_on', 'date', true)],
      [
        relation('customer', 'target', 'ManyToOne', true),
        relation('line_item', 'target', 'OneToMany', false),
      ],
    ),
    node(
      'line_item',
      [field('id', 'int', true), field('quantity', 'int', true)],
      [
        relation('purchase', 'source', 'ManyToOne', false),
        relation('product', 'source', 'ManyToOne', true),
      ],
    ),
    node(
      'product',
      [field('id', 'int', true), field('name', 'string', true)],
      [relation('line_item', 'target', 'OneToMany', true)],
    ),
    node(
      'profile',
      [field('id', 'int', true), field('bio', 'string', false)],
      [relation('customer', 'source', 'OneToOne', false)],
    ),
  ],
  edges: [],
  viewport: { x: 0, y: 0, zoom: 1 },
});

/** What a model is, whatever its id and side of the edge: attributes, and relations by title. */
const meaning = (data: CanvasData) => {
  const titles = new Map(data.nodes.map((n) => [n.id, n.data.title]));
  return Object.fromEntries(
    data.nodes
      .map((n) => [
        n.data.title,
        {
          fields: n.data.fields,
          relations: n.data.relations
            .map((r) => ({ to: titles.get(r.to ?? ''), type: r.type, required: r.required }))
            .sort((a, b) => String(a.to).localeCompare(String(b.to))),
        },
      ])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
};

let counter = 0;
const reimport = async (sql: string, dialect: SqlDialect) => {
  const script = await readSqlScript(sql, dialect);
  const outcome = await importIntoCanvas(
    { nodes: [], edges: [], viewport: { x: 0, y: 0, zoom: 1 } },
    script,
    () => `n${counter++}`,
  );
  return { ...outcome, script };
};

describe('SQL exports read back through the import', () => {
  it.each([
    ['postgresql', toPostgresDdl],
    ['mysql', toMysqlDdl],
  ] as const)('%s: the same models, attributes and relations', async (dialect, exporter) => {
    const original = diagram();
    const sql = exporter(original, 'Round trip');
    const { data, notes, relations } = await reimport(sql, dialect);
    expect(notes).toEqual([]);
    expect(relations).toBe(4);
    expect(meaning(data)).toEqual(meaning(original));
    expect(data.edges).toHaveLength(4);
  });

  it.each([
    ['postgresql', toPostgresDdl],
    ['mysql', toMysqlDdl],
  ] as const)(
    '%s: a ManyToMany comes back as its join table between the two',
    async (dialect, exporter) => {
      const original: CanvasData = {
        nodes: [
          node('tag', [field('id', 'int', true)], [relation('post', 'source', 'ManyToMany', true)]),
          node('post', [field('id', 'int', true)], [relation('tag', 'target', 'ManyToMany', true)]),
        ],
        edges: [],
        viewport: { x: 0, y: 0, zoom: 1 },
      };
      const { data } = await reimport(exporter(original), dialect);
      expect(meaning(data)).toEqual({
        post: {
          fields: [field('id', 'int', true)],
          relations: [{ to: 'tag_post', type: 'OneToMany', required: true }],
        },
        tag: {
          fields: [field('id', 'int', true)],
          relations: [{ to: 'tag_post', type: 'OneToMany', required: true }],
        },
        tag_post: {
          fields: [],
          relations: [
            { to: 'post', type: 'ManyToOne', required: true },
            { to: 'tag', type: 'ManyToOne', required: true },
          ],
        },
      });
    },
  );
});
