import { describe, expect, it } from 'vitest';
import { MODEL_FIELD_TYPES, type ModelField, type RelationType } from '@portal/contract/canvas';
import { connect, setRelationRequired, setRelationType, type Diagram } from './canvas-rules';
import { POSTGRES_TYPES, toPostgresDdl } from '@portal/contract/canvas-export/sql';
import { snakeCase } from '@portal/contract/canvas-export/tables';
import { toMysqlDdl, MYSQL_TYPES } from '@portal/contract/canvas-export/sql';
import { toDbml } from '@portal/contract/canvas-export/dbml';
import { toPrismaSchema } from '@portal/contract/canvas-export/prisma';
import { toMermaidErDiagram } from '@portal/contract/canvas-export/mermaid';
import { EXPORT_FORMATS, EXPORT_FORMAT_INFO } from '@portal/contract/canvas-export/formats';

const model = (id: string, title: string, fields: ModelField[] = []) => ({
  id,
  type: 'model' as const,
  position: { x: 0, y: 0 },
  data: { title, fields, relations: [] },
});

const field = (label: string, type: ModelField['type'] = 'string', required = false) => ({
  label,
  type,
  required,
});

/** Customer and Order joined from Customer's side with `type`. */
const pair = (type: RelationType, required = true): Diagram => {
  let data: Diagram = {
    nodes: [model('c', 'Customer'), model('o', 'Order')],
    edges: [],
  };
  data = connect(data, 'c', 'o');
  data = setRelationType(data, 'c', 0, type);
  data = setRelationRequired(data, 'c', 0, required);
  return setRelationRequired(data, 'o', 0, required);
};

describe('snakeCase', () => {
  it('turns titles into snake_case identifiers', () => {
    expect(snakeCase('Customer Order')).toBe('customer_order');
    expect(snakeCase('customerOrder')).toBe('customer_order');
    expect(snakeCase('HTTPServer log')).toBe('http_server_log');
    expect(snakeCase('  Crème brûlée! ')).toBe('creme_brulee');
    expect(snakeCase('line-item #2')).toBe('line_item_2');
    expect(snakeCase('***')).toBe('');
  });
});

describe('toPostgresDdl', () => {
  it('says when there is nothing to export', () => {
    expect(toPostgresDdl({ nodes: [], edges: [] }, 'Shop')).toBe(
      '-- PostgreSQL DDL for "Shop", generated from the diagram.\n-- The diagram has no models yet.\n',
    );
  });

  it('maps every attribute type, NOT NULL from Required, and adds an identity id', () => {
    const fields = MODEL_FIELD_TYPES.map((type, i) => field(`f ${type}`, type, i % 2 === 0));
    const ddl = toPostgresDdl({ nodes: [model('a', 'All Types', fields)], edges: [] });
    expect(ddl).toContain('CREATE TABLE "all_types" (\n');
    expect(ddl).toContain('  "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,\n');
    expect(ddl).toContain('  "f_string" text NOT NULL,\n');
    expect(ddl).toContain('  "f_string" text NOT NULL,\n  "f_string_2" text[],\n');
    expect(ddl).toContain('  "f_uuid" uuid NOT NULL,\n  "f_int" integer,\n');
    expect(ddl).toContain('"f_int_2" integer[] NOT NULL');
    expect(ddl).toContain('"f_float" double precision,');
    expect(ddl).toContain('"f_float_2" double precision[] NOT NULL');
    expect(ddl).toContain('"f_boolean" boolean,');
    expect(ddl).toContain('"f_boolean_2" boolean[] NOT NULL');
    expect(ddl).toContain('"f_date" date,');
    expect(ddl).toContain('"f_date_2" date[] NOT NULL');
    expect(ddl).toContain('"f_object" jsonb,');
    expect(ddl).toContain('"f_object_2" jsonb[] NOT NULL');
    expect(ddl).toContain('"f_json" json\n);');
    expect(Object.keys(POSTGRES_TYPES)).toEqual([...MODEL_FIELD_TYPES]);
  });

  it("uses the model's own id attribute as the primary key, and its type for foreign keys", () => {
    let data: Diagram = {
      nodes: [
        model('u', 'User', [field('email', 'string', true), field('id', 'uuid', true)]),
        model('p', 'Post', [field('title', 'string', true)]),
      ],
      edges: [],
    };
    data = connect(data, 'p', 'u');
    data = setRelationType(data, 'p', 0, 'ManyToOne');
    const ddl = toPostgresDdl(data);
    expect(ddl).toContain(
      'CREATE TABLE "user" (\n  "email" text NOT NULL,\n  "id" uuid PRIMARY KEY\n);',
    );
    expect(ddl).toContain('  "user_id" uuid NOT NULL\n);');
    expect(ddl).not.toContain('"user" (\n  "id" bigint');
  });

  it('gives blank and clashing titles and attribute names unique names, skipping unnamed attributes', () => {
    const ddl = toPostgresDdl({
      nodes: [
        model('a', 'Order', [field('Name'), field('name'), field('')]),
        model('b', 'order'),
        model('c', ''),
        model('d', '!!!'),
      ],
      edges: [],
    });
    expect(ddl).toContain('CREATE TABLE "order" (');
    expect(ddl).toContain('CREATE TABLE "order_2" (');
    expect(ddl).toContain('CREATE TABLE "untitled" (');
    expect(ddl).toContain('CREATE TABLE "untitled_2" (');
    expect(ddl).toContain('  "name" text,\n  "name_2" text\n);');
  });

  it('cuts names to PostgreSQL’s 63 bytes and keeps them unique', () => {
    const long = 'x'.repeat(80);
    const ddl = toPostgresDdl({ nodes: [model('a', long), model('b', long)], edges: [] });
    expect(ddl).toContain(`CREATE TABLE "${'x'.repeat(63)}" (`);
    expect(ddl).toContain(`CREATE TABLE "${'x'.repeat(61)}_2" (`);
  });

  it('ManyToOne: a foreign key column on the model holding the relation', () => {
    const ddl = toPostgresDdl(pair('ManyToOne'));
    expect(ddl).toContain(
      'CREATE TABLE "customer" (\n  "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,\n  "order_id" bigint NOT NULL\n);',
    );
    expect(ddl).toContain(
      'CREATE TABLE "order" (\n  "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY\n);',
    );
    expect(ddl).toContain(
      'ALTER TABLE "customer" ADD FOREIGN KEY ("order_id") REFERENCES "order" ("id");',
    );
  });

  it('OneToMany: the foreign key column on the other side, nullable when not required', () => {
    const ddl = toPostgresDdl(pair('OneToMany', false));
    expect(ddl).toContain(
      'CREATE TABLE "order" (\n  "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,\n  "customer_id" bigint\n);',
    );
    expect(ddl).toContain(
      'ALTER TABLE "order" ADD FOREIGN KEY ("customer_id") REFERENCES "customer" ("id");',
    );
    expect(ddl).not.toContain('"order_id"');
  });

  it('OneToMany seen from the target: the same foreign key, each pair once', () => {
    let data: Diagram = { nodes: [model('c', 'Customer'), model('o', 'Order')], edges: [] };
    data = connect(data, 'o', 'c');
    data = setRelationType(data, 'c', 0, 'OneToMany');
    const ddl = toPostgresDdl(data);
    expect(ddl.match(/FOREIGN KEY/g)).toHaveLength(1);
    expect(ddl).toContain(
      'ALTER TABLE "order" ADD FOREIGN KEY ("customer_id") REFERENCES "customer" ("id");',
    );
  });

  it('OneToOne: a UNIQUE foreign key on the source side', () => {
    const ddl = toPostgresDdl(pair('OneToOne'));
    expect(ddl).toContain('  "order_id" bigint NOT NULL UNIQUE\n);');
    expect(ddl.match(/FOREIGN KEY/g)).toHaveLength(1);
    expect(ddl).toContain(
      'ALTER TABLE "customer" ADD FOREIGN KEY ("order_id") REFERENCES "order" ("id");',
    );
  });

  it('ManyToMany: a join table with two foreign keys and a composite primary key', () => {
    const ddl = toPostgresDdl(pair('ManyToMany'));
    expect(ddl).toContain(
      'CREATE TABLE "customer_order" (\n  "customer_id" bigint NOT NULL,\n  "order_id" bigint NOT NULL,\n  PRIMARY KEY ("customer_id", "order_id")\n);',
    );
    expect(ddl).toContain(
      'ALTER TABLE "customer_order" ADD FOREIGN KEY ("customer_id") REFERENCES "customer" ("id") ON DELETE CASCADE;',
    );
    expect(ddl).toContain(
      'ALTER TABLE "customer_order" ADD FOREIGN KEY ("order_id") REFERENCES "order" ("id") ON DELETE CASCADE;',
    );
    expect(ddl).toContain(
      'CREATE TABLE "customer" (\n  "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY\n);',
    );
  });

  it('names a second foreign key to the same table apart from the first', () => {
    let data: Diagram = {
      nodes: [model('m', 'Message'), model('u', 'User'), model('x', 'User')],
      edges: [],
    };
    data = connect(data, 'm', 'u');
    data = setRelationType(data, 'm', 0, 'ManyToOne');
    data = connect(data, 'm', 'x');
    data = setRelationType(data, 'm', 1, 'ManyToOne');
    const ddl = toPostgresDdl(data);
    expect(ddl).toContain('  "user_id" bigint NOT NULL,\n  "user_2_id" bigint NOT NULL\n);');
  });
});

/** A small shop: Customer 1—n Order (the key required), Customer 1—1 Profile, Order n—n Product. */
const shop = (): Diagram => {
  let data: Diagram = {
    nodes: [
      model('c', 'Customer', [field('id', 'uuid', true), field('email', 'string', true)]),
      model('o', 'Order', [field('placed on', 'date', true), field('tags', 'string[]')]),
      model('p', 'Profile', [field('bio')]),
      model('x', 'Product', [field('price', 'float', true), field('meta', 'object')]),
    ],
    edges: [],
  };
  data = connect(data, 'c', 'o');
  data = setRelationType(data, 'c', 0, 'OneToMany');
  data = connect(data, 'p', 'c');
  data = setRelationRequired(data, 'p', 0, false);
  data = connect(data, 'o', 'x');
  return setRelationType(data, 'o', 1, 'ManyToMany');
};

describe('toMysqlDdl', () => {
  it('writes backticks, InnoDB, AUTO_INCREMENT ids and JSON for what MySQL has no type for', () => {
    const ddl = toMysqlDdl(shop(), 'Shop');
    expect(ddl).toMatch(/^-- MySQL DDL for "Shop", generated from the diagram\.\n/);
    expect(ddl).toContain(
      'CREATE TABLE `customer` (\n  `id` char(36) PRIMARY KEY,\n  `email` varchar(255) NOT NULL\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;',
    );
    expect(ddl).toContain(
      "  `tags` json COMMENT 'canvas type: string[]',\n  `customer_id` char(36) NOT NULL\n)",
    );
    expect(ddl).toContain(
      '  `id` bigint NOT NULL AUTO_INCREMENT PRIMARY KEY,\n  `placed_on` date NOT NULL',
    );
    expect(ddl).toContain('  `customer_id` char(36) UNIQUE\n)');
    expect(ddl).toContain(
      'CREATE TABLE `order_product` (\n  `order_id` bigint NOT NULL,\n  `product_id` bigint NOT NULL,\n  PRIMARY KEY (`order_id`, `product_id`)\n)',
    );
    expect(ddl).toContain(
      'ALTER TABLE `order` ADD FOREIGN KEY (`customer_id`) REFERENCES `customer` (`id`);',
    );
    expect(Object.keys(MYSQL_TYPES)).toEqual([...MODEL_FIELD_TYPES]);
  });
});

describe('toDbml', () => {
  it('writes a Table per table and a Ref per foreign key', () => {
    const dbml = toDbml(shop(), 'Shop');
    expect(dbml).toContain('Table customer {\n  id uuid [pk]\n  email text [not null]\n}');
    expect(dbml).toContain(
      '  id bigint [pk, increment]\n  placed_on date [not null]\n  tags "text[]"\n',
    );
    expect(dbml).toContain('  price "double precision" [not null]\n  meta jsonb\n}');
    expect(dbml).toContain('  indexes {\n    (order_id, product_id) [pk]\n  }');
    expect(dbml).toContain('Ref: order.customer_id > customer.id');
    expect(dbml).toContain('Ref: profile.customer_id - customer.id');
    expect(dbml).toContain('Ref: order_product.order_id > order.id [delete: cascade]');
  });
});

describe('toPrismaSchema', () => {
  it('writes a model per table with scalar and relation fields on both sides', () => {
    const prisma = toPrismaSchema(shop(), 'Shop');
    expect(prisma).toContain('datasource db {\n  provider = "postgresql"');
    expect(prisma).toMatch(/model Customer \{\n {2}id +String +@id @db\.Uuid\n {2}email +String\n/);
    expect(prisma).toMatch(/ {2}order +Order\[\] +@relation\("order_customer_id"\)/);
    expect(prisma).toMatch(/ {2}profile +Profile\? +@relation\("profile_customer_id"\)/);
    expect(prisma).toMatch(
      /model Order \{\n {2}id +BigInt +@id @default\(autoincrement\(\)\)\n {2}placed_on +DateTime\n {2}tags +String\[\]\n {2}customer_id +String +@db\.Uuid\n/,
    );
    expect(prisma).toMatch(
      / {2}customer +Customer +@relation\("order_customer_id", fields: \[customer_id\], references: \[id\]\)/,
    );
    expect(prisma).toMatch(/ {2}meta +Json\?/);
    expect(prisma).toContain('  @@id([order_id, product_id])\n  @@map("order_product")\n}');
    expect(prisma).toContain('onDelete: Cascade');
  });
});

describe('toMermaidErDiagram', () => {
  it('writes entities with their columns and a line per relation with the end labels', () => {
    const mermaid = toMermaidErDiagram(shop(), 'Shop');
    expect(mermaid).toContain('erDiagram\n  customer {\n    uuid id PK\n    string email\n  }');
    expect(mermaid).toContain('    date placed_on\n    string[] tags\n    uuid customer_id FK\n');
    // Customer 1, orders 1...* (both required); a profile 0...1, its customer 1.
    expect(mermaid).toContain('  customer ||--|{ order : ""');
    expect(mermaid).toContain('  profile |o--|| customer : ""');
    expect(mermaid).toContain('  order }|--|{ product : ""');
    expect(mermaid).not.toContain('order_product');
  });
});

describe('export formats', () => {
  it.each(EXPORT_FORMATS)('%s says when the diagram is empty and names its file', (format) => {
    const info = EXPORT_FORMAT_INFO[format];
    expect(info.generate({ nodes: [], edges: [] }, 'Shop')).toMatch(/Shop/);
    expect(info.extension).toMatch(/^[a-z]+$/);
  });
});
