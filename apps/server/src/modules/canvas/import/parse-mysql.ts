import type * as SplitterModule from 'dbgate-query-splitter';
import { z } from 'zod';
import { MODEL_FIELD_TYPES, type ModelFieldType } from '@portal/contract/canvas';
import { MYSQL_TYPE_COMMENT } from '@portal/contract/canvas-export/sql';
import type { SkippedStatement } from '@portal/contract/canvas-import';
import {
  SqlSyntaxError,
  lineIndex,
  skipSpaceAndComments,
  type SqlForeignKey,
  type SqlScript,
  type SqlTable,
} from './sql-schema';

/**
 * MySQL scripts (a `mysqldump --no-data` as it is, decision 0053): split into statements by
 * dbgate-query-splitter, which follows mysqldump's `DELIMITER ;;` around triggers and routines,
 * then each CREATE TABLE and ALTER TABLE read by node-sql-parser's MySQL grammar. Statements the
 * canvas has no use for are listed as skipped without being parsed, so a routine body the grammar
 * does not know cannot fail the import.
 */

/** The parts of node-sql-parser's AST the import reads; the rest is let through. */
const name = z.union([
  z.string(),
  z.looseObject({ expr: z.looseObject({ value: z.string() }) }).transform((c) => c.expr.value),
]);
const columnRef = z.looseObject({ column: name });
const tableRef = z.looseObject({ table: z.string(), db: z.string().nullish() });
const reference = z.looseObject({
  table: z.array(tableRef).min(1),
  definition: z.array(columnRef),
});
const columnDefinition = z.looseObject({
  resource: z.literal('column'),
  column: columnRef,
  definition: z.looseObject({
    dataType: z.string(),
    length: z.number().nullish(),
  }),
  nullable: z.looseObject({ type: z.string() }).nullish(),
  primary_key: z.string().nullish(),
  unique: z.string().nullish(),
  unique_or_primary: z.string().nullish(),
  reference_definition: reference.nullish(),
  comment: z.looseObject({ value: z.looseObject({ value: z.unknown() }) }).nullish(),
});
const constraintDefinition = z.looseObject({
  resource: z.literal('constraint'),
  constraint_type: z.string(),
  definition: z.array(columnRef).nullish(),
  reference_definition: reference.nullish(),
});
const otherDefinition = z.looseObject({ resource: z.string() });
const definition = z.union([columnDefinition, constraintDefinition, otherDefinition]);
const createTable = z.looseObject({
  type: z.literal('create'),
  keyword: z.literal('table'),
  table: z.array(tableRef).min(1),
  create_definitions: z.array(definition).nullish(),
});
const alterTable = z.looseObject({
  type: z.literal('alter'),
  table: z.array(tableRef).min(1),
  expr: z.array(
    z.looseObject({
      action: z.string().optional(),
      create_definitions: definition.nullish(),
    }),
  ),
});

/** MySQL's types to the canvas's; what has no closer word (text, enum, blob…) is a string. */
export const mysqlFieldType = (dataType: string, length: number | null | undefined) => {
  const type = dataType.toUpperCase();
  if ((type === 'TINYINT' || type === 'BIT') && length === 1) return 'boolean';
  // A UUID is kept as text of 36 characters: the canvas's MySQL export writes it so.
  if (type === 'CHAR' && length === 36) return 'uuid';
  const types: Record<string, ModelFieldType> = {
    BOOL: 'boolean',
    BOOLEAN: 'boolean',
    TINYINT: 'int',
    SMALLINT: 'int',
    MEDIUMINT: 'int',
    INT: 'int',
    INTEGER: 'int',
    BIGINT: 'int',
    YEAR: 'int',
    FLOAT: 'float',
    DOUBLE: 'float',
    'DOUBLE PRECISION': 'float',
    REAL: 'float',
    DECIMAL: 'float',
    NUMERIC: 'float',
    DATE: 'date',
    DATETIME: 'date',
    TIMESTAMP: 'date',
    TIME: 'date',
    JSON: 'json',
  };
  return types[type] ?? 'string';
};

const columnNames = (refs: readonly z.infer<typeof columnRef>[] | null | undefined) =>
  (refs ?? []).map((ref) => ref.column);

const foreignKeyOf = (
  table: string,
  columns: string[],
  ref: z.infer<typeof reference>,
): SqlForeignKey => ({
  table,
  columns,
  references: ref.table[0]?.table ?? '',
  referencesTitle: ref.table[0]?.table ?? '',
  referencedColumns: columnNames(ref.definition),
});

type Definition = z.infer<typeof definition>;

const isColumn = (item: Definition): item is z.infer<typeof columnDefinition> =>
  item.resource === 'column' && 'column' in item;
const isConstraint = (item: Definition): item is z.infer<typeof constraintDefinition> =>
  item.resource === 'constraint' && 'constraint_type' in item;

/** A table-level constraint; true when the canvas uses it. */
const addConstraint = (
  table: SqlTable,
  foreignKeys: SqlForeignKey[],
  item: z.infer<typeof constraintDefinition>,
) => {
  const type = item.constraint_type.toLowerCase();
  const columns = columnNames(item.definition);
  if (type === 'primary key') table.primaryKey = columns;
  else if (type.startsWith('unique')) table.uniques.push(columns);
  else if (type === 'foreign key' && item.reference_definition)
    foreignKeys.push(foreignKeyOf(table.key, columns, item.reference_definition));
  else return false;
  return true;
};

/**
 * A JSON column that the canvas's MySQL export wrote for an array or an object names the canvas
 * type in its comment (`canvas type: string[]`): read back, the model is the one exported.
 */
const commentedType = (item: z.infer<typeof columnDefinition>): ModelFieldType | null => {
  const comment = item.comment?.value.value;
  if (item.definition.dataType.toUpperCase() !== 'JSON' || typeof comment !== 'string') return null;
  if (!comment.startsWith(MYSQL_TYPE_COMMENT)) return null;
  const named = comment.slice(MYSQL_TYPE_COMMENT.length);
  return MODEL_FIELD_TYPES.find((type) => type === named) ?? null;
};

const addColumn = (
  table: SqlTable,
  foreignKeys: SqlForeignKey[],
  item: z.infer<typeof columnDefinition>,
) => {
  const column = item.column.column;
  const primary = [item.primary_key, item.unique_or_primary].some((key) =>
    key?.toLowerCase().startsWith('primary'),
  );
  if (primary) table.primaryKey = [column];
  if ([item.unique, item.unique_or_primary].some((key) => key?.toLowerCase() === 'unique'))
    table.uniques.push([column]);
  if (item.reference_definition)
    foreignKeys.push(foreignKeyOf(table.key, [column], item.reference_definition));
  table.columns.push({
    name: column,
    type: commentedType(item) ?? mysqlFieldType(item.definition.dataType, item.definition.length),
    notNull: primary || item.nullable?.type.toLowerCase() === 'not null',
  });
};

type Splitter = typeof SplitterModule;
type SqlParser = { astify(sql: string, options: { database: string }): unknown };

/**
 * The splitter and MySQL's grammar, loaded on first use (decision 0052). Both are CommonJS: Node
 * offers their exports by name and as `default`, the production bundle's chunk as `default` only
 * (there the splitter by name was missing, and every MySQL import a 500).
 */
const loadTools = async (): Promise<{ split: Splitter; parser: SqlParser }> => {
  const splitter: Partial<Splitter> & { default?: Splitter } =
    await import('dbgate-query-splitter');
  const split = splitter.default?.splitQuery ? splitter.default : (splitter as Splitter);
  if (typeof split.splitQuery !== 'function') throw new Error('dbgate-query-splitter did not load');
  const grammar: {
    Parser?: new () => SqlParser;
    default?: { Parser?: new () => SqlParser };
  } = await import('node-sql-parser/build/mysql.js');
  const Parser = grammar.Parser ?? grammar.default?.Parser;
  if (!Parser) throw new Error('node-sql-parser did not load');
  return { split, parser: new Parser() };
};

/** The statement's leading words, with MySQL's versioned comments (`/*!50001 …`) opened. */
const leadingWords = (statement: string) =>
  statement
    .replace(/\/\*!\d*|\*\//g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const IDENTIFIER = String.raw`(?:\`((?:[^\`]|\`\`)+)\`|([\w$]+))`;
const KIND =
  /^(CREATE|ALTER|DROP)\b(?:\s+(?:OR REPLACE|ALGORITHM\s*=\s*\w+|DEFINER\s*=\s*\S+|SQL SECURITY \w+|TEMPORARY|UNIQUE|FULLTEXT|SPATIAL|IF (?:NOT )?EXISTS))*\s+(TABLE|VIEW|TRIGGER|PROCEDURE|FUNCTION|EVENT|INDEX|DATABASE|SCHEMA)\b/i;

/** What the skipped list says of a statement the canvas does not use. */
const describe = (statement: string): Pick<SkippedStatement, 'kind' | 'name'> => {
  const words = leadingWords(statement);
  const match = KIND.exec(words);
  if (match) {
    const rest = words.slice(match[0].length);
    const named = new RegExp(String.raw`^\s*(?:IF (?:NOT )?EXISTS\s+)?${IDENTIFIER}`, 'i').exec(
      rest,
    );
    return {
      kind: `${match[1]?.toUpperCase()} ${match[2]?.toUpperCase()}`,
      name: named ? (named[1] ?? named[2] ?? null) : null,
    };
  }
  return { kind: words.split(' ')[0]?.toUpperCase() || 'COMMENT', name: null };
};

const CREATE_OR_ALTER_TABLE = /^(?:CREATE(?:\s+TEMPORARY)?|ALTER)\s+TABLE\b/i;

/** Reads a MySQL script (a mysqldump as it is); a syntax error throws `SqlSyntaxError`. */
export const parseMysql = async (sql: string): Promise<SqlScript> => {
  const { split, parser } = await loadTools();
  const position = lineIndex(sql);
  const tables = new Map<string, SqlTable>();
  const foreignKeys: SqlForeignKey[] = [];
  const skipped: SkippedStatement[] = [];

  const pieces = split.splitQuery(sql, { ...split.mysqlSplitterOptions, returnRichInfo: true });
  for (const piece of pieces) {
    if (typeof piece === 'string') continue;
    const start = skipSpaceAndComments(sql, piece.start.position);
    const text = sql.slice(start, piece.end.position);
    // Only comments: nothing to run.
    if (text.trim() === '') continue;
    const line = position(start).line;
    if (!CREATE_OR_ALTER_TABLE.test(text)) {
      skipped.push({ ...describe(text), line });
      continue;
    }
    let ast: unknown;
    try {
      ast = parser.astify(text, { database: 'mysql' });
    } catch (error) {
      const at = z
        .object({ location: z.object({ start: z.object({ offset: z.number() }) }) })
        .safeParse(error);
      const where = position(start + (at.success ? at.data.location.start.offset : 0));
      // The grammar lists every token it would have taken; the one it found is what helps.
      const message = error instanceof Error ? error.message : String(error);
      const found = / but (.+) found\.?$/.exec(message)?.[1];
      throw new SqlSyntaxError(
        found ? `syntax error at or near ${found}` : message,
        where.line,
        where.column,
      );
    }
    for (const statement of Array.isArray(ast) ? ast : [ast]) {
      const created = createTable.safeParse(statement);
      if (created.success) {
        const key = created.data.table[0]?.table ?? '';
        const table: SqlTable = { key, title: key, columns: [], primaryKey: [], uniques: [] };
        tables.set(key, table);
        for (const item of created.data.create_definitions ?? []) {
          if (isColumn(item)) addColumn(table, foreignKeys, item);
          else if (isConstraint(item)) addConstraint(table, foreignKeys, item);
        }
        continue;
      }
      const altered = alterTable.safeParse(statement);
      const table = altered.success ? tables.get(altered.data.table[0]?.table ?? '') : undefined;
      let used = false;
      if (altered.success && table)
        for (const command of altered.data.expr) {
          const item = command.create_definitions;
          if (item && isConstraint(item)) used = addConstraint(table, foreignKeys, item) || used;
          else if (item && isColumn(item) && command.action === 'add') {
            addColumn(table, foreignKeys, item);
            used = true;
          }
        }
      if (!used) skipped.push({ ...describe(text), line });
    }
  }
  for (const table of tables.values())
    for (const column of table.columns)
      if (table.primaryKey.includes(column.name)) column.notNull = true;
  return { tables: [...tables.values()], foreignKeys, skipped };
};
