import type { ModelFieldType, ModelNode, ModelRelation } from '@portal/contract/canvas';
import type { Diagram } from './canvas-rules';

/**
 * The diagram as PostgreSQL DDL (decision 0013): a table per model, a column per attribute,
 * foreign keys from relations and a join table for each ManyToMany. Tables come first and the
 * foreign keys after them, so models may refer to each other in any order, in circles too.
 */

export const POSTGRES_TYPES: Record<ModelFieldType, string> = {
  string: 'text',
  'string[]': 'text[]',
  uuid: 'uuid',
  int: 'integer',
  'int[]': 'integer[]',
  float: 'double precision',
  'float[]': 'double precision[]',
  boolean: 'boolean',
  'boolean[]': 'boolean[]',
  date: 'date',
  'date[]': 'date[]',
  object: 'jsonb',
  'object[]': 'jsonb',
  json: 'jsonb',
};

const ID_TYPE = 'bigint';
/** PostgreSQL cuts identifiers at 63 bytes; cutting them here keeps clashes visible. */
const MAX_IDENTIFIER_BYTES = 63;
const encoder = new TextEncoder();

const fitIdentifier = (name: string) => {
  let fitted = name;
  while (encoder.encode(fitted).length > MAX_IDENTIFIER_BYTES) fitted = fitted.slice(0, -1);
  return fitted;
};

/** 'Customer Order', 'customerOrder' and 'HTTPServer' → customer_order, http_server. */
export const snakeCase = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1_$2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1_$2')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '');

/** Names that stay unique within one scope: `name`, then `name_2`, `name_3`, ... */
const nameScope = () => {
  const taken = new Set<string>();
  return (wanted: string, fallback: string) => {
    const base = fitIdentifier(snakeCase(wanted) || fallback);
    let name = base;
    for (let n = 2; taken.has(name); n++) {
      const suffix = `_${n}`;
      name = `${fitIdentifier(base.slice(0, MAX_IDENTIFIER_BYTES - suffix.length))}${suffix}`;
    }
    taken.add(name);
    return name;
  };
};

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

type Column = { name: string; type: string; notNull: boolean; extra?: string };

type Table = {
  name: string;
  columns: Column[];
  /** Column names, or empty for the identity column. */
  primaryKey: string[];
  uniqueName: (wanted: string, fallback: string) => string;
  /** The primary key's type, for the foreign keys that point here. */
  idType: string;
};

type ForeignKey = { table: string; column: string; references: Table; onDelete?: string };

const columnSql = ({ name, type, notNull, extra }: Column) =>
  [quote(name), type, notNull ? 'NOT NULL' : '', extra ?? ''].filter(Boolean).join(' ');

const tableSql = (table: Table) => {
  const lines = table.columns.map(columnSql);
  if (table.primaryKey.length > 0)
    lines.push(`PRIMARY KEY (${table.primaryKey.map(quote).join(', ')})`);
  return `CREATE TABLE ${quote(table.name)} (\n${lines.map((line) => `  ${line}`).join(',\n')}\n);`;
};

const foreignKeySql = ({ table, column, references, onDelete }: ForeignKey) =>
  `ALTER TABLE ${quote(table)} ADD FOREIGN KEY (${quote(column)}) REFERENCES ${quote(references.name)} (${quote('id')})${onDelete ? ` ON DELETE ${onDelete}` : ''};`;

const modelTable = (node: ModelNode, tableName: string): Table => {
  const uniqueName = nameScope();
  const columns: Column[] = [];
  let idType: string | null = null;
  for (const field of node.data.fields) {
    if (field.label.trim() === '') continue; // an attribute still being named
    const name = uniqueName(field.label, 'column');
    const type = POSTGRES_TYPES[field.type];
    if (name === 'id' && idType === null) {
      idType = type;
      columns.push({ name, type, notNull: false, extra: 'PRIMARY KEY' });
    } else {
      columns.push({ name, type, notNull: field.required });
    }
  }
  if (idType === null) {
    uniqueName('id', 'id');
    columns.unshift({
      name: 'id',
      type: ID_TYPE,
      notNull: false,
      extra: 'GENERATED ALWAYS AS IDENTITY PRIMARY KEY',
    });
  }
  return { name: tableName, columns, primaryKey: [], uniqueName, idType: idType ?? ID_TYPE };
};

/**
 * Each joined pair once, seen from its source side: `own` is the source model's relation, `other`
 * the target's (its mirror).
 */
const relationPairs = (nodes: readonly ModelNode[]) => {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const seen = new Set<string>();
  const pairs: { from: ModelNode; to: ModelNode; own: ModelRelation; other?: ModelRelation }[] = [];
  // Source sides first, so a pair is read the way its edge runs.
  const ordered = nodes.flatMap((node) =>
    node.data.relations.map((relation) => ({ node, relation })),
  );
  ordered.sort(
    (a, b) =>
      Number(a.relation.sourceOrTarget !== 'source') -
      Number(b.relation.sourceOrTarget !== 'source'),
  );
  for (const { node, relation } of ordered) {
    const target = relation.to === null ? undefined : byId.get(relation.to);
    if (!target || target.id === node.id) continue;
    const key = [node.id, target.id].sort().join('\u0000');
    if (seen.has(key)) continue;
    seen.add(key);
    const other = target.data.relations.find((candidate) => candidate.to === node.id);
    pairs.push({ from: node, to: target, own: relation, ...(other ? { other } : {}) });
  }
  return pairs;
};

/** The diagram as PostgreSQL DDL; `title` goes into the header comment. */
export const toPostgresDdl = (data: Diagram, title?: string): string => {
  const header = `-- PostgreSQL DDL${title ? ` for "${title.replace(/\s+/g, ' ')}"` : ''}, generated from the diagram.`;
  if (data.nodes.length === 0) return `${header}\n-- The diagram has no models yet.\n`;

  const tableName = nameScope();
  const tables = new Map<string, Table>();
  for (const node of data.nodes)
    tables.set(node.id, modelTable(node, tableName(node.data.title, 'untitled')));

  const joinTables: Table[] = [];
  const foreignKeys: ForeignKey[] = [];
  const addForeignKey = (holder: Table, references: Table, notNull: boolean, unique = false) => {
    const column = holder.uniqueName(`${references.name}_id`, 'ref_id');
    holder.columns.push({
      name: column,
      type: references.idType,
      notNull,
      ...(unique ? { extra: 'UNIQUE' } : {}),
    });
    foreignKeys.push({ table: holder.name, column, references });
  };

  for (const { from, to, own, other } of relationPairs(data.nodes)) {
    const a = tables.get(from.id);
    const b = tables.get(to.id);
    if (!a || !b) continue;
    switch (own.type) {
      case 'ManyToOne':
        addForeignKey(a, b, own.required);
        break;
      case 'OneToMany':
        addForeignKey(b, a, other?.required ?? own.required);
        break;
      case 'OneToOne':
        addForeignKey(a, b, own.required, true);
        break;
      case 'ManyToMany': {
        const uniqueName = nameScope();
        const join: Table = {
          name: tableName(`${a.name}_${b.name}`, 'join'),
          columns: [],
          primaryKey: [],
          uniqueName,
          idType: ID_TYPE,
        };
        for (const side of [a, b]) {
          const column = uniqueName(`${side.name}_id`, 'ref_id');
          join.columns.push({ name: column, type: side.idType, notNull: true });
          join.primaryKey.push(column);
          foreignKeys.push({ table: join.name, column, references: side, onDelete: 'CASCADE' });
        }
        joinTables.push(join);
        break;
      }
    }
  }

  return [
    header,
    '',
    [...tables.values(), ...joinTables].map(tableSql).join('\n\n'),
    ...(foreignKeys.length > 0 ? ['', foreignKeys.map(foreignKeySql).join('\n')] : []),
    '',
  ].join('\n');
};
