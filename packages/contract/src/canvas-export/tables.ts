import type { CanvasData, ModelFieldType, ModelNode, ModelRelation } from '../canvas';

/**
 * The diagram as tables (decision 0013, 0053): a table per model, a column per attribute, a
 * foreign key column for each relation on the side that holds it, and a join table for each
 * ManyToMany. Every export reads this one model, so the formats never disagree about which
 * column goes where; the SQL exports round-trip through the canvas's import.
 */

export type ExportDiagram = Pick<CanvasData, 'nodes' | 'edges'>;

export type Column = {
  name: string;
  type: ModelFieldType;
  notNull: boolean;
  /** The table's own id: the model's `id` attribute, or one added for it (`identity`). */
  primaryKey?: boolean;
  identity?: boolean;
  /** A foreign key to an added identity id: as wide as it (bigint), not a plain int. */
  identityReference?: boolean;
  unique?: boolean;
};

export type Table = {
  name: string;
  columns: Column[];
  /** A composite primary key (join tables); single ids are marked on their column. */
  primaryKey: string[];
  /** The model it comes from; join tables have none. */
  model: ModelNode | null;
  uniqueName: (wanted: string, fallback: string) => string;
  /** The id's type, for the foreign keys that point here. */
  idType: ModelFieldType;
  idIsIdentity: boolean;
};

export type ForeignKey = {
  table: Table;
  column: string;
  references: Table;
  unique: boolean;
  notNull: boolean;
  onDelete?: 'CASCADE';
};

export type Tables = { tables: Table[]; foreignKeys: ForeignKey[] };

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

/** UTF-8 bytes without TextEncoder, which the contract's types do not include. */
const byteLength = (text: string) => {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
};

/**
 * Names that stay unique within one scope: `name`, then `name_2`, `name_3`, ..., cut to the
 * dialect's identifier length (PostgreSQL 63 bytes, MySQL 64 characters) so clashes stay visible.
 */
export const nameScope = (maxBytes = 63) => {
  const fit = (name: string) => {
    let fitted = name;
    while (byteLength(fitted) > maxBytes) fitted = fitted.slice(0, -1);
    return fitted;
  };
  const taken = new Set<string>();
  return (wanted: string, fallback: string) => {
    const base = fit(snakeCase(wanted) || fallback);
    let name = base;
    for (let n = 2; taken.has(name); n++) {
      const suffix = `_${n}`;
      name = `${fit(base.slice(0, maxBytes - suffix.length))}${suffix}`;
    }
    taken.add(name);
    return name;
  };
};

const modelTable = (node: ModelNode, tableName: string, maxBytes: number): Table => {
  const uniqueName = nameScope(maxBytes);
  const columns: Column[] = [];
  let idType: ModelFieldType | null = null;
  for (const field of node.data.fields) {
    if (field.label.trim() === '') continue; // an attribute still being named
    const name = uniqueName(field.label, 'column');
    if (name === 'id' && idType === null) {
      idType = field.type;
      columns.push({ name, type: field.type, notNull: false, primaryKey: true });
    } else columns.push({ name, type: field.type, notNull: field.required });
  }
  if (idType === null) {
    uniqueName('id', 'id');
    columns.unshift({ name: 'id', type: 'int', notNull: false, primaryKey: true, identity: true });
  }
  return {
    name: tableName,
    columns,
    primaryKey: [],
    model: node,
    uniqueName,
    idType: idType ?? 'int',
    idIsIdentity: idType === null,
  };
};

/**
 * Each joined pair once, seen from its source side: `own` is the source model's relation, `other`
 * the target's (its mirror).
 */
export const relationPairs = (nodes: readonly ModelNode[]) => {
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

/** The diagram's tables and foreign keys; `maxBytes` is the dialect's identifier length. */
export const toTables = (data: ExportDiagram, maxBytes = 63): Tables => {
  const tableName = nameScope(maxBytes);
  const byModel = new Map<string, Table>();
  for (const node of data.nodes)
    byModel.set(node.id, modelTable(node, tableName(node.data.title, 'untitled'), maxBytes));

  const joinTables: Table[] = [];
  const foreignKeys: ForeignKey[] = [];
  const addForeignKey = (holder: Table, references: Table, notNull: boolean, unique = false) => {
    const column = holder.uniqueName(`${references.name}_id`, 'ref_id');
    holder.columns.push({
      name: column,
      type: references.idType,
      notNull,
      ...(references.idIsIdentity ? { identityReference: true } : {}),
      ...(unique ? { unique: true } : {}),
    });
    foreignKeys.push({ table: holder, column, references, unique, notNull });
  };

  for (const { from, to, own, other } of relationPairs(data.nodes)) {
    const a = byModel.get(from.id);
    const b = byModel.get(to.id);
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
        const uniqueName = nameScope(maxBytes);
        const join: Table = {
          name: tableName(`${a.name}_${b.name}`, 'join'),
          columns: [],
          primaryKey: [],
          model: null,
          uniqueName,
          idType: 'int',
          idIsIdentity: false,
        };
        for (const side of [a, b]) {
          const column = uniqueName(`${side.name}_id`, 'ref_id');
          join.columns.push({
            name: column,
            type: side.idType,
            notNull: true,
            ...(side.idIsIdentity ? { identityReference: true } : {}),
          });
          join.primaryKey.push(column);
          foreignKeys.push({
            table: join,
            column,
            references: side,
            unique: false,
            notNull: true,
            onDelete: 'CASCADE',
          });
        }
        joinTables.push(join);
        break;
      }
    }
  }
  return { tables: [...byModel.values(), ...joinTables], foreignKeys };
};

/** The header comment's title: one line, whatever the canvas's name holds. */
export const oneLine = (title: string) => title.replace(/\s+/g, ' ');
