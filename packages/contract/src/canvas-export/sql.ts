import type { ModelFieldType } from '../canvas';
import { oneLine, toTables, type Column, type ExportDiagram, type Table } from './tables';

/**
 * The diagram as SQL DDL for PostgreSQL or MySQL (decisions 0013, 0053). Tables come first and
 * the foreign keys after them, so models may refer to each other in any order, in circles too.
 * Both read back through the canvas's import as the same models, attributes and relations.
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
  // jsonb for objects, json for json: the import tells the two apart again.
  object: 'jsonb',
  'object[]': 'jsonb[]',
  json: 'json',
};

/**
 * MySQL has no arrays and no UUID type: arrays and objects are JSON columns whose comment names
 * the canvas's type (the import reads it back), a UUID is its 36 characters.
 */
export const MYSQL_TYPES: Record<ModelFieldType, string> = {
  string: 'varchar(255)',
  'string[]': 'json',
  uuid: 'char(36)',
  int: 'int',
  'int[]': 'json',
  float: 'double',
  'float[]': 'json',
  boolean: 'tinyint(1)',
  'boolean[]': 'json',
  date: 'date',
  'date[]': 'json',
  object: 'json',
  'object[]': 'json',
  json: 'json',
};

/** The comment a MySQL JSON column carries when it stands for another canvas type. */
export const MYSQL_TYPE_COMMENT = 'canvas type: ';

type Dialect = {
  name: string;
  maxBytes: number;
  quote: (identifier: string) => string;
  type: (column: Column) => string;
  /** What follows the type of a column. */
  extras: (column: Column) => string[];
  tableSuffix: string;
};

const postgres: Dialect = {
  name: 'PostgreSQL',
  maxBytes: 63,
  quote: (identifier) => `"${identifier.replaceAll('"', '""')}"`,
  type: (column) =>
    column.identity || column.identityReference ? 'bigint' : POSTGRES_TYPES[column.type],
  extras: (column) => [
    column.notNull ? 'NOT NULL' : '',
    column.identity ? 'GENERATED ALWAYS AS IDENTITY' : '',
    column.primaryKey ? 'PRIMARY KEY' : '',
    column.unique ? 'UNIQUE' : '',
  ],
  tableSuffix: '',
};

const mysql: Dialect = {
  name: 'MySQL',
  maxBytes: 64,
  quote: (identifier) => `\`${identifier.replaceAll('`', '``')}\``,
  type: (column) =>
    column.identity || column.identityReference ? 'bigint' : MYSQL_TYPES[column.type],
  extras: (column) => [
    column.notNull || column.identity ? 'NOT NULL' : '',
    column.identity ? 'AUTO_INCREMENT' : '',
    column.primaryKey ? 'PRIMARY KEY' : '',
    column.unique ? 'UNIQUE' : '',
    MYSQL_TYPES[column.type] === 'json' && column.type !== 'json'
      ? `COMMENT '${MYSQL_TYPE_COMMENT}${column.type}'`
      : '',
  ],
  tableSuffix: ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4',
};

const columnSql = (dialect: Dialect, column: Column) =>
  [dialect.quote(column.name), dialect.type(column), ...dialect.extras(column)]
    .filter(Boolean)
    .join(' ');

const tableSql = (dialect: Dialect, table: Table) => {
  const lines = table.columns.map((column) => columnSql(dialect, column));
  if (table.primaryKey.length > 0)
    lines.push(`PRIMARY KEY (${table.primaryKey.map(dialect.quote).join(', ')})`);
  return `CREATE TABLE ${dialect.quote(table.name)} (\n${lines.map((line) => `  ${line}`).join(',\n')}\n)${dialect.tableSuffix};`;
};

const toDdl = (dialect: Dialect, data: ExportDiagram, title?: string) => {
  const header = `-- ${dialect.name} DDL${title ? ` for "${oneLine(title)}"` : ''}, generated from the diagram.`;
  if (data.nodes.length === 0) return `${header}\n-- The diagram has no models yet.\n`;
  const { tables, foreignKeys } = toTables(data, dialect.maxBytes);
  const q = dialect.quote;
  const keys = foreignKeys.map(
    ({ table, column, references, onDelete }) =>
      `ALTER TABLE ${q(table.name)} ADD FOREIGN KEY (${q(column)}) REFERENCES ${q(references.name)} (${q('id')})${onDelete ? ` ON DELETE ${onDelete}` : ''};`,
  );
  return [
    header,
    '',
    tables.map((table) => tableSql(dialect, table)).join('\n\n'),
    ...(keys.length > 0 ? ['', keys.join('\n')] : []),
    '',
  ].join('\n');
};

/** The diagram as PostgreSQL DDL; `title` goes into the header comment. */
export const toPostgresDdl = (data: ExportDiagram, title?: string) => toDdl(postgres, data, title);

/** The diagram as MySQL (InnoDB) DDL; `title` goes into the header comment. */
export const toMysqlDdl = (data: ExportDiagram, title?: string) => toDdl(mysql, data, title);
