import type { ModelFieldType } from '@portal/contract/canvas';
import type { SkippedStatement } from '@portal/contract/canvas-import';

/**
 * What a SQL script says about the data model, whichever dialect it was written in: the tables
 * with their columns and keys, and the foreign keys between them. The parsers fill it; the canvas
 * is made from it (`to-canvas.ts`).
 */
export type SqlColumn = { name: string; type: ModelFieldType; notNull: boolean };

export type SqlTable = {
  /** How foreign keys name it: `schema.table` for PostgreSQL, the table for MySQL. */
  key: string;
  /** The model's title: the table's name, with its schema when that is not the default one. */
  title: string;
  columns: SqlColumn[];
  primaryKey: string[];
  /** Column sets that are unique (constraints and unique indexes). */
  uniques: string[][];
};

export type SqlForeignKey = {
  table: string;
  columns: string[];
  references: string;
  /** The referenced table's title, to find it on the canvas when the script does not create it. */
  referencesTitle: string;
  referencedColumns: string[];
};

export type SqlScript = {
  tables: SqlTable[];
  foreignKeys: SqlForeignKey[];
  skipped: SkippedStatement[];
};

/** A script the parser refused, with where (1-based line and column) it stopped reading. */
export class SqlSyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${reason} at ${line}:${column}`);
    this.name = 'SqlSyntaxError';
  }
}

/**
 * Line and column (1-based) of a character offset. The line starts are found once per script,
 * and each lookup is a binary search: a dump of 500 tables has thousands of statements.
 */
export const lineIndex = (text: string) => {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset: number) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (starts[low] ?? 0) + 1 };
  };
};

/**
 * Where a statement really starts: after the blank lines and comments a parser counts as its
 * beginning (pg_dump puts a `--` header before each). MySQL's versioned comments (`/*!50001 …`)
 * are statements to MySQL, so they stop the skipping.
 */
export const skipSpaceAndComments = (text: string, from: number) => {
  let at = from;
  for (;;) {
    while (at < text.length && /\s/.test(text[at] ?? '')) at++;
    if (text.startsWith('--', at) || text.startsWith('#', at)) {
      const end = text.indexOf('\n', at);
      if (end === -1) return text.length;
      at = end + 1;
    } else if (text.startsWith('/*', at) && !text.startsWith('/*!', at)) {
      const end = text.indexOf('*/', at + 2);
      if (end === -1) return text.length;
      at = end + 2;
    } else return at;
  }
};
