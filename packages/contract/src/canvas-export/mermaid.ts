import type { ModelRelation } from '../canvas';
import { oneLine, relationPairs, toTables, type ExportDiagram } from './tables';

/**
 * The diagram as a Mermaid `erDiagram`: an entity per model with its attributes, and a line per
 * relation pair whose two ends say what the canvas's end labels say (decision 0013): `||` one,
 * `o|` zero or one, `|{` one or more, `o{` zero or more. ManyToMany stays one line: Mermaid draws
 * it without a join table.
 */

/** The end at the left entity: Mermaid writes its markers mirrored there. */
const leftEnd = ({ type, required }: Pick<ModelRelation, 'type' | 'required'>) =>
  type.startsWith('One') ? (required ? '||' : '|o') : required ? '}|' : '}o';
const rightEnd = ({ type, required }: Pick<ModelRelation, 'type' | 'required'>) =>
  type.startsWith('One') ? (required ? '||' : 'o|') : required ? '|{' : 'o{';

const mirror = (relation: ModelRelation): Pick<ModelRelation, 'type' | 'required'> => ({
  type:
    relation.type === 'OneToMany'
      ? 'ManyToOne'
      : relation.type === 'ManyToOne'
        ? 'OneToMany'
        : relation.type,
  required: relation.required,
});

/** Entity names: letters, digits, `_` and `-` (the SQL exports' table names are snake_case). */
const entity = (name: string) => name.replace(/[^\p{L}\p{N}_-]/gu, '_');

export const toMermaidErDiagram = (data: ExportDiagram, title?: string): string => {
  const header = `%% Mermaid erDiagram${title ? ` for "${oneLine(title)}"` : ''}, generated from the diagram.`;
  if (data.nodes.length === 0) return `${header}\nerDiagram\n`;
  const { tables, foreignKeys } = toTables(data);
  const nameOf = new Map(tables.flatMap((table) => (table.model ? [[table.model.id, table]] : [])));
  const keyColumns = new Set(foreignKeys.map((key) => `${key.table.name}\u0000${key.column}`));
  const blocks = tables
    .filter((table) => table.model)
    .map((table) => {
      const lines = table.columns.map((column) => {
        const keys = [
          column.primaryKey ? 'PK' : '',
          keyColumns.has(`${table.name}\u0000${column.name}`) ? 'FK' : '',
          column.unique ? 'UK' : '',
        ].filter(Boolean);
        const type = column.identity || column.identityReference ? 'bigint' : column.type;
        return `    ${type} ${column.name}${keys.length ? ` ${keys.join(', ')}` : ''}`;
      });
      return `  ${entity(table.name)} {\n${lines.join('\n')}\n  }`;
    });
  const lines = relationPairs(data.nodes).flatMap(({ from, to, own, other }) => {
    const a = nameOf.get(from.id);
    const b = nameOf.get(to.id);
    if (!a || !b) return [];
    const theirs = other ?? mirror(own);
    return [`  ${entity(a.name)} ${leftEnd(own)}--${rightEnd(theirs)} ${entity(b.name)} : ""`];
  });
  return [header, 'erDiagram', blocks.join('\n'), ...lines, ''].join('\n');
};
