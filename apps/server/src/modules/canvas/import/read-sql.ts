import {
  CANVAS_IMPORT_LIMITS,
  CANVAS_IMPORT_MESSAGES,
  type SqlDialect,
} from '@portal/contract/canvas-import';
import { fieldError } from '../../../http/errors';
import { parseMysql } from './parse-mysql';
import { parsePostgresql } from './parse-postgresql';
import { SqlSyntaxError, type SqlScript } from './sql-schema';

/**
 * The script read in its dialect, or a 400 on `sql` saying what is wrong: where the syntax error
 * is (line and column), that no table is created, or that there are too many.
 */
export const readSqlScript = async (sql: string, dialect: SqlDialect): Promise<SqlScript> => {
  let script: SqlScript;
  try {
    script = dialect === 'postgresql' ? await parsePostgresql(sql) : await parseMysql(sql);
  } catch (error) {
    if (!(error instanceof SqlSyntaxError)) throw error;
    throw fieldError('sql', CANVAS_IMPORT_MESSAGES.syntax(error.reason, error.line, error.column));
  }
  if (script.tables.length === 0) throw fieldError('sql', CANVAS_IMPORT_MESSAGES.noTable);
  if (script.tables.length > CANVAS_IMPORT_LIMITS.tables)
    throw fieldError('sql', CANVAS_IMPORT_MESSAGES.tooManyTables(script.tables.length));
  return script;
};
