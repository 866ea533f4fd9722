import { parse, CsvError } from 'csv-parse';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  isLeadStatus,
  LEAD_IMPORT_PREVIEW_ROWS,
  LEAD_PIPELINE_MESSAGES,
  leadCreateRequestSchema,
  type LeadImportDuplicate,
  type LeadImportError,
  type LeadImportFileDuplicate,
  type LeadImportResult,
} from '@portal/contract/leads';
import { parseMoment } from '@portal/contract/time';
import type { Database } from '../../db/client';
import { leads } from '../../db/schema/index';
import { ApiError, fieldError } from '../../http/errors';
import { fieldOfHeader, unescapeFormula, type ImportField } from './csv-cells';
import { indexDuplicates, indexFileRows } from './duplicates';
import { changesOf } from './service';
import { record } from '../activity/record';
import { leadTarget } from './service';

const P = LEAD_PIPELINE_MESSAGES;

/** A lead as an import writes it: the staff create body, plus the date it was first seen. */
const importRowSchema = leadCreateRequestSchema.extend({
  created_at: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      // ISO 8601 (what the export writes) or a date alone. An impossible day or one PostgreSQL
      // cannot store is this row's error: not rolled into the next month, not a 500 at insert.
      const date = parseMoment(value);
      if (date === null) {
        ctx.addIssue({ code: 'custom', message: P.importBadDate });
        return z.NEVER;
      }
      return date;
    }),
});
type ImportRow = z.output<typeof importRowSchema>;

type Column = { header: string; field: ImportField | null };

/** "No Response", "no_response" and "no-response" are one status; anything else stays as typed. */
const statusOf = (value: string) => {
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  return isLeadStatus(key) ? key : value.trim();
};

/** The text of an uploaded file, or a 400 on `file` saying why it is not a CSV file we read. */
export const decodeCsv = (bytes: Buffer): string => {
  if (bytes.length === 0) throw fieldError('file', P.importEmpty);
  // UTF-16 and UTF-32 files start with a byte order mark and are full of NUL bytes.
  const utf16 =
    (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (utf16) throw fieldError('file', P.importNotUtf8);
  // A NUL byte anywhere means binary data (and PostgreSQL text cannot hold one).
  if (bytes.includes(0)) throw fieldError('file', P.importNotText);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw fieldError('file', P.importNotUtf8);
  }
};

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL can store: no NUL, no lone surrogate (JSON escapes can spell both). */
const storable = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** A cell of metadata JSON (what the export writes): an object of text values, or an error. */
const parseMetadataCell = (cell: string): Record<string, unknown> | null => {
  if (cell.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(cell);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const entries = Object.entries(value);
    const bad = entries.some(
      ([key, item]) => !storable(key) || (typeof item === 'string' && !storable(item)),
    );
    return bad ? null : (value as Record<string, unknown>);
  } catch {
    return null;
  }
};

type ReadResult = {
  rows: number;
  columns: Column[];
  valid: { row: number; data: ImportRow }[];
  errors: LeadImportError[];
};

/**
 * Reads every row of the file and checks it as a staff create would, collecting every problem
 * with its row number (the header is row 1, as a spreadsheet numbers it). Problems with the file
 * as a whole — not CSV, no email column, no rows — are a 400.
 */
export const readLeadCsv = async (text: string): Promise<ReadResult> => {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true });
  parser.end(text);
  let columns: Column[] | null = null;
  let rowNumber = 1;
  const valid: ReadResult['valid'] = [];
  const errors: LeadImportError[] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!columns) {
        columns = record.map((header) => ({ header: header.trim(), field: fieldOfHeader(header) }));
        checkColumns(columns);
        continue;
      }
      rowNumber++;
      // A row of empty cells (trailing commas a spreadsheet left) is no lead.
      if (record.every((cell) => cell.trim() === '')) continue;
      const problem = (field: string, message: string) =>
        errors.push({ row: rowNumber, field, message });
      if (record.length > columns.length) {
        problem('non_field_errors', P.importRowLength(record.length, columns.length));
        continue;
      }
      const input = rowInput(columns, record, problem);
      if (!input) continue;
      const parsed = importRowSchema.safeParse(input);
      if (parsed.success) valid.push({ row: rowNumber, data: parsed.data });
      else
        for (const issue of parsed.error.issues)
          problem(String(issue.path[0] ?? 'non_field_errors'), issue.message);
    }
  } catch (error) {
    if (error instanceof CsvError) throw fieldError('file', P.importUnreadable(error.message));
    throw error;
  }
  if (!columns) throw fieldError('file', P.importEmpty);
  if (rowNumber === 1) throw fieldError('file', P.importNoRows);
  return { rows: rowNumber - 1, columns, valid, errors };
};

/** The columns a lead cannot do without: an email, and a name (whole or in two parts). */
const checkColumns = (columns: Column[]) => {
  const has = (field: ImportField) => columns.some((c) => c.field === field);
  if (!has('email')) throw fieldError('file', P.importMissingColumn('email'));
  if (!has('name') && !has('first_name'))
    throw fieldError('file', P.importMissingColumn('first_name'));
  if (!has('name') && !has('last_name'))
    throw fieldError('file', P.importMissingColumn('last_name'));
};

/** One row as the body of a create: known columns by field, the others into metadata. */
const rowInput = (
  columns: Column[],
  record: string[],
  problem: (field: string, message: string) => void,
): Record<string, unknown> | null => {
  const input: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  let metadata: Record<string, unknown> = {};
  let fullName = '';
  columns.forEach(({ header, field }, index) => {
    const cell = unescapeFormula(record[index] ?? '');
    if (field === null) {
      if (cell.trim() !== '' && header !== '') extra[header] = cell;
    } else if (field === 'id') {
      // A new lead gets a new id: an exported id only says where the row came from.
    } else if (field === 'name') {
      fullName = cell.trim();
    } else if (field === 'metadata') {
      const parsed = parseMetadataCell(cell);
      if (parsed === null) problem('metadata', P.importBadMetadata);
      else metadata = parsed;
    } else if (field === 'status') {
      if (cell.trim() !== '') input.status = statusOf(cell);
    } else if (cell !== '' || ['first_name', 'last_name', 'email'].includes(field)) {
      input[field] = cell;
    }
  });
  if (fullName && input.first_name === undefined && input.last_name === undefined) {
    const space = fullName.indexOf(' ');
    input.first_name = space < 0 ? fullName : fullName.slice(0, space);
    input.last_name = space < 0 ? '' : fullName.slice(space + 1);
  }
  input.metadata = { ...extra, ...metadata };
  return input;
};

// Rows per INSERT: 11 parameters each stays far below PostgreSQL's 65,535 per statement.
const INSERT_BATCH = 1_000;

/**
 * `POST /api/leads/import/`: all or nothing. A row that repeats an existing lead or an earlier
 * row of the file (same email or phone) is skipped and reported; any bad row means nothing is written and every bad row is
 * reported; otherwise every other row is created in one transaction. A dry run stops before
 * writing and answers what the import would do.
 */
export const importLeads = async (
  db: Database,
  text: string,
  dryRun: boolean,
): Promise<LeadImportResult> => {
  const read = await readLeadCsv(text);
  return db.transaction(async (tx) => {
    // One import writes at a time: two at once would each check the leads the other has not
    // committed yet, and the same row in both files would be created twice. The second is told
    // at once rather than waiting out the first (an import of 100,000 rows takes seconds).
    if (!dryRun) {
      const { rows } = await tx.execute<{ taken: boolean }>(
        sql`SELECT pg_try_advisory_xact_lock(hashtext('leads:import')) AS taken`,
      );
      if (!rows[0]?.taken) throw new ApiError(409, { detail: P.importRunning });
    }
    const duplicatesIndex = await indexDuplicates(
      tx,
      read.valid.map(({ data }) => ({ email: data.email, phone: data.phone ?? '' })),
    );
    const duplicates: LeadImportDuplicate[] = [];
    const duplicatesInFile: LeadImportFileDuplicate[] = [];
    const fileRows = indexFileRows();
    const fresh: typeof read.valid = [];
    for (const entry of read.valid) {
      const match = duplicatesIndex.match(entry.data.email, entry.data.phone ?? '');
      const earlier = match
        ? null
        : fileRows.repeats(entry.row, entry.data.email, entry.data.phone ?? '');
      if (match) duplicates.push({ row: entry.row, ...match });
      else if (earlier) duplicatesInFile.push({ row: entry.row, ...earlier });
      else fresh.push(entry);
    }
    const write = !dryRun && read.errors.length === 0;
    // Inserted from the last row up: the list shows equal times by id, newest id first, so the
    // file's first row comes first — as in the export it may be, which thus round-trips exactly.
    const bottomUp = fresh.toReversed();
    const created: (typeof leads.$inferSelect)[] = [];
    if (write)
      for (let start = 0; start < bottomUp.length; start += INSERT_BATCH)
        created.push(
          ...(await tx
            .insert(leads)
            .values(
              bottomUp.slice(start, start + INSERT_BATCH).map(({ data }) => ({
                ...changesOf(data),
                firstName: data.first_name,
                lastName: data.last_name,
                email: data.email,
                ...(data.created_at ? { createdAt: data.created_at } : {}),
              })),
            )
            .returning()),
        );
    // One entry for the whole file, on its first row's lead.
    const first = created.at(-1);
    if (first)
      await record(tx, {
        verb: 'imported',
        target: leadTarget(first),
        data: {
          created: created.length,
          duplicates: duplicates.length,
          duplicates_in_file: duplicatesInFile.length,
        },
      });
    return {
      dry_run: dryRun,
      rows: read.rows,
      created: write ? fresh.length : 0,
      duplicates,
      duplicates_in_file: duplicatesInFile,
      errors: read.errors,
      columns: read.columns.map(({ header, field }) => ({
        header,
        field: field === null ? `metadata.${header}` : field,
      })),
      preview: fresh.slice(0, LEAD_IMPORT_PREVIEW_ROWS).map(({ row, data }) => ({
        row,
        first_name: data.first_name,
        last_name: data.last_name,
        email: data.email,
        company: data.company ?? '',
        status: data.status ?? 'new',
      })),
    };
  });
};
