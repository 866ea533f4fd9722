import type { ModelFieldType } from '../canvas';
import {
  nameScope,
  oneLine,
  toTables,
  type Column,
  type ExportDiagram,
  type Table,
} from './tables';

/**
 * The diagram as a Prisma schema for PostgreSQL: a model per table (named in PascalCase, mapped
 * to the SQL exports' table names with `@@map`), scalar fields for the columns and a relation
 * field on both sides of each foreign key.
 */

const PRISMA_TYPES: Record<ModelFieldType, string> = {
  string: 'String',
  'string[]': 'String[]',
  uuid: 'String',
  int: 'Int',
  'int[]': 'Int[]',
  float: 'Float',
  'float[]': 'Float[]',
  boolean: 'Boolean',
  'boolean[]': 'Boolean[]',
  date: 'DateTime',
  'date[]': 'DateTime[]',
  object: 'Json',
  'object[]': 'Json[]',
  json: 'Json',
};

const pascalCase = (snake: string) =>
  snake
    .split('_')
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');

/** A Prisma model name: a letter first, then letters, digits and underscores. */
const modelNames = () => {
  const taken = new Set<string>();
  return (table: Table) => {
    const ascii = pascalCase(table.name).replace(/[^A-Za-z0-9_]/g, '');
    const base = /^[A-Za-z]/.test(ascii) ? ascii : `Model${ascii}`;
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
    taken.add(name);
    return name;
  };
};

/** Prisma field names are identifiers; the column keeps its name through `@map`. */
const fieldName = (column: string) => {
  const ascii = column.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z]/.test(ascii) ? ascii : `f_${ascii}`;
};

const scalarLine = (column: Column) => {
  const isList = PRISMA_TYPES[column.type].endsWith('[]');
  const type = column.identity || column.identityReference ? 'BigInt' : PRISMA_TYPES[column.type];
  const optional = !column.notNull && !column.primaryKey && !isList ? '?' : '';
  const name = fieldName(column.name);
  const attributes = [
    column.primaryKey ? '@id' : '',
    column.identity ? '@default(autoincrement())' : '',
    column.unique ? '@unique' : '',
    column.type === 'uuid' ? '@db.Uuid' : '',
    name !== column.name ? `@map("${column.name}")` : '',
  ].filter(Boolean);
  return { name, type: `${type}${optional}`, attributes };
};

export const toPrismaSchema = (data: ExportDiagram, title?: string): string => {
  const header = `// Prisma schema${title ? ` for "${oneLine(title)}"` : ''}, generated from the diagram.`;
  const datasource = [
    'datasource db {',
    '  provider = "postgresql"',
    '  url      = env("DATABASE_URL")',
    '}',
  ].join('\n');
  if (data.nodes.length === 0) return `${header}\n\n${datasource}\n`;
  const { tables, foreignKeys } = toTables(data);
  const nameOf = modelNames();
  const modelName = new Map(tables.map((table) => [table, nameOf(table)]));
  const fields = new Map(
    tables.map((table) => {
      const scope = nameScope(200);
      const lines = table.columns.map((column) => {
        scope(column.name, column.name);
        return scalarLine(column);
      });
      return [table, { scope, lines }];
    }),
  );
  for (const key of foreignKeys) {
    const holder = fields.get(key.table);
    const other = fields.get(key.references);
    const target = modelName.get(key.references) ?? '';
    const source = modelName.get(key.table) ?? '';
    if (!holder || !other) continue;
    // One relation per pair of models, except join tables, so a name tells them apart.
    const relation = `${key.table.name}_${key.column}`;
    holder.lines.push({
      name: holder.scope(key.references.name, 'ref'),
      type: `${target}${key.notNull ? '' : '?'}`,
      attributes: [
        `@relation("${relation}", fields: [${fieldName(key.column)}], references: [id]${key.onDelete ? ', onDelete: Cascade' : ''})`,
      ],
    });
    other.lines.push({
      name: other.scope(key.table.name, 'refs'),
      type: key.unique ? `${source}?` : `${source}[]`,
      attributes: [`@relation("${relation}")`],
    });
  }
  const models = tables.map((table) => {
    const { lines } = fields.get(table) ?? { lines: [] };
    const width = Math.max(...lines.map((line) => line.name.length));
    const typeWidth = Math.max(...lines.map((line) => line.type.length));
    const body = lines.map((line) =>
      `  ${line.name.padEnd(width)} ${line.type.padEnd(typeWidth)} ${line.attributes.join(' ')}`.trimEnd(),
    );
    if (table.primaryKey.length > 0)
      body.push('', `  @@id([${table.primaryKey.map(fieldName).join(', ')}])`);
    body.push(`${table.primaryKey.length > 0 ? '' : '\n'}  @@map("${table.name}")`);
    return `model ${modelName.get(table) ?? ''} {\n${body.join('\n')}\n}`;
  });
  return [header, '', datasource, '', models.join('\n\n'), ''].join('\n');
};
