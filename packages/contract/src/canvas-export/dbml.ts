import { oneLine, toTables, type Column, type ExportDiagram } from './tables';
import { POSTGRES_TYPES } from './sql';

/**
 * The diagram as DBML (dbdiagram.io, dbdocs): the tables of the SQL exports with PostgreSQL's
 * types, and a `Ref` per foreign key (`>` many-to-one, `-` one-to-one).
 */

const name = (identifier: string) =>
  /^[A-Za-z_][A-Za-z0-9_]*$/.test(identifier)
    ? identifier
    : `"${identifier.replaceAll('"', '\\"')}"`;

const typeOf = (column: Column) => {
  const type = column.identity || column.identityReference ? 'bigint' : POSTGRES_TYPES[column.type];
  return /^[a-z_]+$/.test(type) ? type : `"${type}"`;
};

const settingsOf = (column: Column) => {
  const settings = [
    column.primaryKey ? 'pk' : '',
    column.identity ? 'increment' : '',
    column.notNull ? 'not null' : '',
    column.unique ? 'unique' : '',
  ].filter(Boolean);
  return settings.length > 0 ? ` [${settings.join(', ')}]` : '';
};

export const toDbml = (data: ExportDiagram, title?: string): string => {
  const header = `// DBML${title ? ` for "${oneLine(title)}"` : ''}, generated from the diagram.`;
  if (data.nodes.length === 0) return `${header}\n// The diagram has no models yet.\n`;
  const { tables, foreignKeys } = toTables(data);
  const blocks = tables.map((table) => {
    const lines = table.columns.map(
      (column) => `  ${name(column.name)} ${typeOf(column)}${settingsOf(column)}`,
    );
    if (table.primaryKey.length > 0)
      lines.push('', '  indexes {', `    (${table.primaryKey.map(name).join(', ')}) [pk]`, '  }');
    return `Table ${name(table.name)} {\n${lines.join('\n')}\n}`;
  });
  const refs = foreignKeys.map(
    (key) =>
      `Ref: ${name(key.table.name)}.${name(key.column)} ${key.unique ? '-' : '>'} ${name(key.references.name)}.id${key.onDelete ? ' [delete: cascade]' : ''}`,
  );
  return [header, '', blocks.join('\n\n'), ...(refs.length ? ['', refs.join('\n')] : []), ''].join(
    '\n',
  );
};
