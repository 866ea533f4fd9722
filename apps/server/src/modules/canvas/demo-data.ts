import { eq } from 'drizzle-orm';
import {
  MODEL_NODE_TYPE,
  RELATION_EDGE_TYPE,
  type CanvasData,
  type EdgeLabel,
  type ModelField,
  type ModelNode,
  type ModelRelation,
  type RelationEdge,
  type RelationType,
} from '@portal/contract/canvas';
import type { TransactionalExecutor } from '../../db/client';
import { canvases, clients, users } from '../../db/schema/index';

type DemoModel = { id: string; title: string; x: number; y: number; fields: ModelField[] };

/** One relation pair: the source model's side and the target model's, each with its own flag. */
type DemoRelation = {
  source: string;
  target: string;
  /** As the source model reads it; the target reads the mirror (OneToMany ↔ ManyToOne). */
  type: RelationType;
  sourceRequired: boolean;
  targetRequired: boolean;
};

const field = (label: string, type: ModelField['type'], required = true): ModelField => ({
  label,
  type,
  required,
});

/**
 * A small shop: every attribute type, and each kind of relation, required or not. The models
 * look alike because they are data of one shape, each a different entity of the shop: written
 * out in full they read as the diagram the user will see, so they stay apart.
 */
const MODELS: DemoModel[] = [
  {
    id: 'customer',
    title: 'Customer',
    x: 0,
    y: 0,
    fields: [
      field('id', 'uuid'),
      field('email', 'string'),
      field('name', 'string'),
      field('phone', 'string', false),
      field('tags', 'string[]', false),
      field('marketingOptIn', 'boolean'),
      field('createdAt', 'date'),
    ],
  },
  {
    id: 'address',
    title: 'Address',
    x: 0,
    y: 360,
    fields: [
      field('id', 'uuid'),
      field('street', 'string'),
      field('city', 'string'),
      field('postalCode', 'string'),
      field('country', 'string'),
      field('geo', 'object', false),
    ],
  },
  {
    id: 'order',
    title: 'Order',
    x: 380,
    y: 0,
    fields: [
      field('id', 'uuid'),
      field('number', 'int'),
      field('status', 'string'),
      field('total', 'float'),
      field('placedAt', 'date'),
      field('shippedAt', 'date', false),
      field('metadata', 'json', false),
    ],
  },
  {
    id: 'order-item',
    title: 'OrderItem',
    x: 760,
    y: 0,
    fields: [
      field('id', 'uuid'),
      field('quantity', 'int'),
      field('unitPrice', 'float'),
      field('discounts', 'float[]', false),
    ],
  },
  {
    id: 'product',
    title: 'Product',
    x: 760,
    y: 360,
    fields: [
      field('id', 'uuid'),
      field('sku', 'string'),
      field('name', 'string'),
      field('price', 'float'),
      field('active', 'boolean'),
      field('sizes', 'int[]', false),
      field('availableFrom', 'date[]', false),
      field('images', 'object[]', false),
      field('flags', 'boolean[]', false),
    ],
  },
  {
    id: 'category',
    title: 'Category',
    x: 1140,
    y: 360,
    fields: [field('id', 'uuid'), field('name', 'string'), field('slug', 'string')],
  },
];

const RELATIONS: DemoRelation[] = [
  // Each order has one customer; a customer has any number of orders.
  {
    source: 'customer',
    target: 'order',
    type: 'OneToMany',
    sourceRequired: true,
    targetRequired: false,
  },
  // A customer may have saved an address; an address belongs to one customer.
  {
    source: 'customer',
    target: 'address',
    type: 'OneToOne',
    sourceRequired: false,
    targetRequired: true,
  },
  // Orders ship to one address, which many orders may share.
  {
    source: 'order',
    target: 'address',
    type: 'ManyToOne',
    sourceRequired: true,
    targetRequired: false,
  },
  // An order has at least one item; each item is part of one order.
  {
    source: 'order',
    target: 'order-item',
    type: 'OneToMany',
    sourceRequired: true,
    targetRequired: true,
  },
  // Each item is one product; a product appears in any number of items.
  {
    source: 'product',
    target: 'order-item',
    type: 'OneToMany',
    sourceRequired: true,
    targetRequired: false,
  },
  // Products and categories, any number of each.
  {
    source: 'product',
    target: 'category',
    type: 'ManyToMany',
    sourceRequired: false,
    targetRequired: false,
  },
];

/** Spec §4: OneToMany seen from the other end is ManyToOne; the others read the same. */
const mirror = (type: RelationType): RelationType =>
  type === 'OneToMany' ? 'ManyToOne' : type === 'ManyToOne' ? 'OneToMany' : type;

/** Spec §4: a model's end of an edge is 'one' or 'many' by its own relation, 1 or 0 by required. */
const label = (type: RelationType, required: boolean): EdgeLabel =>
  type.startsWith('One') ? (required ? '1' : '0...1') : required ? '1...*' : '0...*';

/** The diagram as the editor saves it: relations on both models, one labeled edge per pair. */
export const demoCanvasData = (): CanvasData => {
  const relationsOf = (id: string): ModelRelation[] =>
    RELATIONS.flatMap((r): ModelRelation[] => {
      if (r.source === id)
        return [
          { to: r.target, sourceOrTarget: 'source', type: r.type, required: r.sourceRequired },
        ];
      if (r.target === id)
        return [
          {
            to: r.source,
            sourceOrTarget: 'target',
            type: mirror(r.type),
            required: r.targetRequired,
          },
        ];
      return [];
    });
  const nodes = MODELS.map((model): ModelNode => ({
    id: model.id,
    type: MODEL_NODE_TYPE,
    position: { x: model.x, y: model.y },
    data: { title: model.title, fields: model.fields, relations: relationsOf(model.id) },
  }));
  const edges = RELATIONS.map((r): RelationEdge => ({
    id: `edge-${r.source}-${r.target}`,
    source: r.source,
    target: r.target,
    sourceHandle: 'source',
    targetHandle: 'target',
    type: RELATION_EDGE_TYPE,
    data: {
      startLabel: label(r.type, r.sourceRequired),
      endLabel: label(mirror(r.type), r.targetRequired),
    },
  }));
  return { nodes, edges, viewport: { x: 60, y: 80, zoom: 0.75 } };
};

export const DEMO_CANVAS_NAME = 'Acme shop data model';

/** The Acme shop's data model, drawn by the demo staff member. */
export const seedDemoCanvases = async (db: TransactionalExecutor) => {
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.slug, 'acme'))
    .limit(1);
  if (!client) return;
  const [author] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'lee@studio.example'))
    .limit(1);
  await db.insert(canvases).values({
    name: DEMO_CANVAS_NAME,
    clientId: client.id,
    data: JSON.stringify(demoCanvasData()),
    createdById: author?.id ?? null,
  });
};
