import type {
  ColumnDef,
  Constraint,
  CreateStmt,
  IndexStmt,
  Node,
  RangeVar,
  RawStmt,
  TypeName,
} from 'libpg-query';
import type { ModelFieldType } from '@portal/contract/canvas';
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
 * PostgreSQL scripts, read by PostgreSQL's own parser (libpg_query as WebAssembly, decision
 * 0053): it accepts every statement pg_dump writes, where the JavaScript grammars tried refused
 * triggers, `OWNER TO`, casts in CHECK constraints or generated columns.
 */

const DEFAULT_SCHEMA = 'public';

/** PostgreSQL's type names (as the parser spells them: `int4`, `timestamptz`…) to the canvas's. */
const SCALAR_TYPES: Record<string, ModelFieldType> = {
  int2: 'int',
  int4: 'int',
  int8: 'int',
  smallint: 'int',
  integer: 'int',
  int: 'int',
  bigint: 'int',
  serial: 'int',
  serial2: 'int',
  serial4: 'int',
  serial8: 'int',
  smallserial: 'int',
  bigserial: 'int',
  oid: 'int',
  float4: 'float',
  float8: 'float',
  real: 'float',
  numeric: 'float',
  decimal: 'float',
  money: 'float',
  bool: 'boolean',
  boolean: 'boolean',
  date: 'date',
  timestamp: 'date',
  timestamptz: 'date',
  time: 'date',
  timetz: 'date',
  uuid: 'uuid',
  json: 'json',
  // The canvas's export writes `object` as jsonb and `json` as json, so each comes back as itself.
  jsonb: 'object',
};

/** Array columns: the canvas has arrays of these only; any other array is a list of strings. */
const ARRAY_TYPES: Partial<Record<ModelFieldType, ModelFieldType>> = {
  string: 'string[]',
  int: 'int[]',
  float: 'float[]',
  boolean: 'boolean[]',
  date: 'date[]',
  object: 'object[]',
  json: 'object[]',
};

const stringsOf = (nodes: Node[] | undefined): string[] =>
  (nodes ?? []).flatMap((node) => ('String' in node && node.String.sval ? [node.String.sval] : []));

/** Text, enums, domains and every other type the canvas has no closer word for are strings. */
export const postgresFieldType = (typeName: TypeName | undefined): ModelFieldType => {
  const name = stringsOf(typeName?.names).at(-1)?.toLowerCase() ?? '';
  const scalar = SCALAR_TYPES[name] ?? 'string';
  if (!typeName?.arrayBounds?.length) return scalar;
  return ARRAY_TYPES[scalar] ?? 'string[]';
};

const tableKey = (relation: RangeVar | undefined) =>
  `${relation?.schemaname ?? DEFAULT_SCHEMA}.${relation?.relname ?? ''}`;

const tableTitle = (relation: RangeVar | undefined) =>
  !relation?.schemaname || relation.schemaname === DEFAULT_SCHEMA
    ? (relation?.relname ?? '')
    : `${relation.schemaname}.${relation.relname ?? ''}`;

/** `CreateFunctionStmt` → `CREATE FUNCTION`: how the skipped list names a kind it has no word for. */
const kindFromNode = (key: string) =>
  key
    .replace(/Stmt$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toUpperCase();

/** The kind and name a person reads in the skipped list, for the statements pg_dump writes. */
const describe = (node: Node): Pick<SkippedStatement, 'kind' | 'name'> => {
  if ('VariableSetStmt' in node) return { kind: 'SET', name: node.VariableSetStmt.name ?? null };
  if ('SelectStmt' in node) return { kind: 'SELECT', name: null };
  if ('CreateSchemaStmt' in node)
    return { kind: 'CREATE SCHEMA', name: node.CreateSchemaStmt.schemaname ?? null };
  if ('CreateExtensionStmt' in node)
    return { kind: 'CREATE EXTENSION', name: node.CreateExtensionStmt.extname ?? null };
  if ('AlterOwnerStmt' in node) return { kind: 'ALTER … OWNER TO', name: null };
  if ('CommentStmt' in node) return { kind: 'COMMENT ON', name: null };
  if ('CreateFunctionStmt' in node)
    return {
      kind: 'CREATE FUNCTION',
      name: stringsOf(node.CreateFunctionStmt.funcname).join('.') || null,
    };
  if ('CreateSeqStmt' in node)
    return { kind: 'CREATE SEQUENCE', name: tableTitle(node.CreateSeqStmt.sequence) || null };
  if ('AlterSeqStmt' in node)
    return { kind: 'ALTER SEQUENCE', name: tableTitle(node.AlterSeqStmt.sequence) || null };
  if ('IndexStmt' in node)
    return {
      kind: node.IndexStmt.unique ? 'CREATE UNIQUE INDEX' : 'CREATE INDEX',
      name: node.IndexStmt.idxname ?? null,
    };
  if ('ViewStmt' in node) return { kind: 'CREATE VIEW', name: tableTitle(node.ViewStmt.view) };
  if ('CreateTableAsStmt' in node)
    return {
      kind:
        node.CreateTableAsStmt.objtype === 'OBJECT_MATVIEW'
          ? 'CREATE MATERIALIZED VIEW'
          : 'CREATE TABLE AS',
      name: tableTitle(node.CreateTableAsStmt.into?.rel) || null,
    };
  if ('CreateTrigStmt' in node)
    return { kind: 'CREATE TRIGGER', name: node.CreateTrigStmt.trigname ?? null };
  if ('CreateStmt' in node)
    return { kind: 'CREATE TABLE … PARTITION OF', name: tableTitle(node.CreateStmt.relation) };
  if ('AlterTableStmt' in node)
    return { kind: 'ALTER TABLE', name: tableTitle(node.AlterTableStmt.relation) || null };
  const key = Object.keys(node)[0] ?? 'Statement';
  return { kind: kindFromNode(key), name: null };
};

/**
 * Character offsets of the parser's statement offsets (it counts UTF-8 bytes), for offsets asked in
 * increasing order: one walk over the text for the whole script.
 */
const byteToChar = (text: string) => {
  let chars = 0;
  let bytes = 0;
  return (byteOffset: number) => {
    if (byteOffset < bytes) {
      chars = 0;
      bytes = 0;
    }
    while (bytes < byteOffset && chars < text.length) {
      const code = text.codePointAt(chars) ?? 0;
      bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
      chars += code >= 0x10000 ? 2 : 1;
    }
    return chars;
  };
};

/**
 * psql's meta-commands (`\restrict`, which pg_dump writes since 17.6 and 15.14, `\connect`…) are
 * for psql, not the server's parser; a `COPY … FROM stdin` is followed by rows up to `\.`. Both
 * become blank lines, so every line and column the parser reports still points into the script.
 */
export const blankPsqlCommands = (sql: string) => {
  const lines = sql.split('\n');
  let inCopy = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (inCopy) {
      if (line.replace(/\r$/, '') === '\\.') inCopy = false;
      lines[i] = '';
    } else if (/^\s*\\[a-zA-Z!?]/.test(line)) lines[i] = '';
    else if (/^COPY\s.+\sFROM\s+stdin\b.*;\s*$/i.test(line)) inCopy = true;
  }
  return lines.join('\n');
};

const isForeignKey = (constraint: Constraint) => constraint.contype === 'CONSTR_FOREIGN';

type Collected = {
  tables: Map<string, SqlTable>;
  foreignKeys: SqlForeignKey[];
  notNull: Map<string, Set<string>>;
};

/** A table constraint (in CREATE TABLE or added by ALTER TABLE), on `table`. */
const addTableConstraint = (into: Collected, table: string, constraint: Constraint) => {
  const keys = stringsOf(constraint.keys);
  const found = into.tables.get(table);
  if (constraint.contype === 'CONSTR_PRIMARY') {
    if (found) found.primaryKey = keys;
    for (const key of keys) notNullOf(into, table).add(key);
  } else if (constraint.contype === 'CONSTR_UNIQUE') found?.uniques.push(keys);
  else if (isForeignKey(constraint))
    into.foreignKeys.push({
      table,
      columns: stringsOf(constraint.fk_attrs),
      references: tableKey(constraint.pktable),
      referencesTitle: tableTitle(constraint.pktable),
      referencedColumns: stringsOf(constraint.pk_attrs),
    });
  else return false;
  return true;
};

const notNullOf = (into: Collected, table: string) => {
  let columns = into.notNull.get(table);
  if (!columns) into.notNull.set(table, (columns = new Set()));
  return columns;
};

const constraintsOf = (nodes: Node[] | undefined): Constraint[] =>
  (nodes ?? []).flatMap((node) => ('Constraint' in node ? [node.Constraint] : []));

const addColumn = (into: Collected, table: SqlTable, column: ColumnDef) => {
  const name = column.colname ?? '';
  let notNull = column.is_not_null === true;
  for (const constraint of constraintsOf(column.constraints)) {
    if (constraint.contype === 'CONSTR_NOTNULL' || constraint.contype === 'CONSTR_IDENTITY')
      notNull = true;
    else if (constraint.contype === 'CONSTR_PRIMARY') {
      table.primaryKey = [name];
      notNull = true;
    } else if (constraint.contype === 'CONSTR_UNIQUE') table.uniques.push([name]);
    else if (isForeignKey(constraint))
      into.foreignKeys.push({
        table: table.key,
        columns: [name],
        references: tableKey(constraint.pktable),
        referencesTitle: tableTitle(constraint.pktable),
        referencedColumns: stringsOf(constraint.pk_attrs),
      });
  }
  table.columns.push({ name, type: postgresFieldType(column.typeName), notNull });
};

const addTable = (into: Collected, statement: CreateStmt) => {
  const table: SqlTable = {
    key: tableKey(statement.relation),
    title: tableTitle(statement.relation),
    columns: [],
    primaryKey: [],
    uniques: [],
  };
  into.tables.set(table.key, table);
  for (const element of statement.tableElts ?? []) {
    if ('ColumnDef' in element) addColumn(into, table, element.ColumnDef);
    else if ('Constraint' in element) addTableConstraint(into, table.key, element.Constraint);
  }
};

/**
 * A unique index on plain columns (not expressions, not partial) makes those columns unique. The
 * index itself is still listed as skipped: the canvas draws no indexes.
 */
const noteUniqueIndex = (into: Collected, index: IndexStmt) => {
  if (!index.unique || index.whereClause) return;
  const columns = (index.indexParams ?? []).map((param) =>
    'IndexElem' in param && !param.IndexElem.expr ? (param.IndexElem.name ?? null) : null,
  );
  if (columns.some((column) => column === null)) return;
  into.tables.get(tableKey(index.relation))?.uniques.push(columns.filter((c) => c !== null));
};

/** The commands of an ALTER TABLE that say something about the model; true if any did. */
const alterTable = (into: Collected, node: Extract<Node, { AlterTableStmt: unknown }>) => {
  const table = tableKey(node.AlterTableStmt.relation);
  let used = false;
  for (const command of node.AlterTableStmt.cmds ?? []) {
    if (!('AlterTableCmd' in command)) continue;
    const { subtype, def, name } = command.AlterTableCmd;
    if (subtype === 'AT_AddConstraint' && def && 'Constraint' in def)
      used = addTableConstraint(into, table, def.Constraint) || used;
    else if (subtype === 'AT_SetNotNull' && name) {
      notNullOf(into, table).add(name);
      used = true;
    } else if (subtype === 'AT_AddColumn' && def && 'ColumnDef' in def) {
      const found = into.tables.get(table);
      if (found) {
        addColumn(into, found, def.ColumnDef);
        used = true;
      }
    }
  }
  return used;
};

export type PostgresParser = (sql: string) => Promise<{ stmts?: RawStmt[] }>;

/** The parser, loaded on first use: its WebAssembly costs ~45 MB a process (decision 0052). */
const loadParser = async (): Promise<PostgresParser> => (await import('libpg-query')).parse;

const hasCursor = (error: unknown): error is Error & { sqlDetails: { cursorPosition: number } } =>
  error instanceof Error &&
  'sqlDetails' in error &&
  typeof error.sqlDetails === 'object' &&
  error.sqlDetails !== null &&
  'cursorPosition' in error.sqlDetails &&
  typeof error.sqlDetails.cursorPosition === 'number';

/** Reads a PostgreSQL script (a pg_dump as it is); a syntax error throws `SqlSyntaxError`. */
export const parsePostgresql = async (sql: string): Promise<SqlScript> => {
  const text = blankPsqlCommands(sql);
  const parse = await loadParser();
  const position = lineIndex(text);
  const toChar = byteToChar(text);
  let result: { stmts?: RawStmt[] };
  try {
    result = await parse(text);
  } catch (error) {
    if (!hasCursor(error)) throw error;
    // PostgreSQL counts an error's position in characters (statement offsets are in bytes).
    const at = position(error.sqlDetails.cursorPosition);
    throw new SqlSyntaxError(error.message, at.line, at.column);
  }

  const into: Collected = { tables: new Map(), foreignKeys: [], notNull: new Map() };
  const skipped: SkippedStatement[] = [];
  for (const raw of result.stmts ?? []) {
    const node = raw.stmt;
    if (!node) continue;
    let used = false;
    if ('CreateStmt' in node && !node.CreateStmt.partbound) {
      addTable(into, node.CreateStmt);
      used = true;
    } else if ('AlterTableStmt' in node) used = alterTable(into, node);
    else if ('IndexStmt' in node) noteUniqueIndex(into, node.IndexStmt);
    if (!used) {
      const start = skipSpaceAndComments(text, toChar(raw.stmt_location ?? 0));
      skipped.push({ ...describe(node), line: position(start).line });
    }
  }
  for (const [key, columns] of into.notNull) {
    const table = into.tables.get(key);
    for (const column of table?.columns ?? []) if (columns.has(column.name)) column.notNull = true;
  }
  return { tables: [...into.tables.values()], foreignKeys: into.foreignKeys, skipped };
};
