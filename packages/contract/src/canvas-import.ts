import { z } from 'zod';
import { canvasSchema, utf8ByteLength } from './canvas';
import { FIELD_MESSAGES, choiceField, integerField, requestBody } from './fields';

/**
 * `POST /api/canvas/{id}/import-sql/` (issue 29, decision 0053): a SQL script — a
 * `pg_dump --schema-only` or `mysqldump --no-data` as they come — becomes models and relations
 * on the canvas, saved as a new version. Staff only, like every canvas call.
 */

export const SQL_DIALECTS = ['postgresql', 'mysql'] as const;
export type SqlDialect = (typeof SQL_DIALECTS)[number];
export const SQL_DIALECT_LABELS: Record<SqlDialect, string> = {
  postgresql: 'PostgreSQL',
  mysql: 'MySQL',
};

export const CANVAS_IMPORT_LIMITS = {
  /** Bytes of the script, UTF-8: the size of the diagram a canvas may hold. */
  sqlBytes: 2 * 1024 * 1024,
  /** Tables of one script: 500 models still lay out and draw in the editor. */
  tables: 500,
} as const;

export const CANVAS_IMPORT_MESSAGES = {
  tooBig: `Ensure the SQL is at most ${CANVAS_IMPORT_LIMITS.sqlBytes / 1024 / 1024} MB.`,
  tooManyTables: (count: number) =>
    `The script creates ${count} tables; at most ${CANVAS_IMPORT_LIMITS.tables} can be imported at once.`,
  noTable: 'The script creates no table (no CREATE TABLE statement was found).',
  syntax: (message: string, line: number, column: number) =>
    `Syntax error at line ${line}, column ${column}: ${message}`,
} as const;

export const canvasImportRequestSchema = requestBody({
  sql: z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? FIELD_MESSAGES.required
          : issue.input === null
            ? FIELD_MESSAGES.null
            : FIELD_MESSAGES.notAString,
    })
    .refine((sql) => sql.trim() !== '', FIELD_MESSAGES.blank)
    // Length first: a string far over the limit is refused without counting its bytes.
    .refine(
      (sql) =>
        sql.length <= CANVAS_IMPORT_LIMITS.sqlBytes &&
        utf8ByteLength(sql) <= CANVAS_IMPORT_LIMITS.sqlBytes,
      CANVAS_IMPORT_MESSAGES.tooBig,
    ),
  dialect: choiceField(SQL_DIALECTS),
  /** The version the editor holds, as a save sends it: an import over a newer save is a 409. */
  version: integerField({ min: 0, max: 2_147_483_647 }).optional(),
});
export type CanvasImportRequest = z.infer<typeof canvasImportRequestSchema>;

/** A statement the import read but did not turn into models (`CREATE INDEX`, `SET`, a view…). */
export const skippedStatementSchema = z.object({
  /** What it is, as SQL says it: `CREATE INDEX`, `CREATE VIEW`, `SET`, `ALTER TABLE … OWNER TO`. */
  kind: z.string(),
  /** The object it names, when it names one. */
  name: z.string().nullable(),
  /** 1-based line where it starts. */
  line: z.number().int(),
});
export type SkippedStatement = z.infer<typeof skippedStatementSchema>;

export const canvasImportResponseSchema = z.object({
  /** The canvas as saved, a new version. */
  canvas: canvasSchema,
  /** Models added and models (tables already on the canvas by name) updated. */
  created: z.array(z.string()),
  updated: z.array(z.string()),
  /** Foreign keys that became a relation pair. */
  relations: z.number().int(),
  skipped: z.array(skippedStatementSchema),
  /** What was read but cannot be drawn as it is (a table referencing itself…), in words. */
  notes: z.array(z.string()),
});
export type CanvasImportResponse = z.infer<typeof canvasImportResponseSchema>;
