import { Transform, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import QueryStream from 'pg-query-stream';
import { LEAD_EXPORT_COLUMNS, type LeadListQuery } from '@portal/contract/leads';
import type { Database } from '../../db/client';
import { escapeFormula } from './csv-cells';
import { leadListCondition } from './service';

type ExportRow = Record<(typeof LEAD_EXPORT_COLUMNS)[number], string | number>;

// Rows fetched from the cursor per round trip: enough to keep the socket busy, few enough that
// memory stays flat whatever the number of leads.
const BATCH_SIZE = 1_000;

/** The pool behind Drizzle: a cursor needs one connection of its own for the whole download. */
const poolOf = (db: Database): pg.Pool => {
  const client: unknown = (db as Database & { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) throw new Error('the database has no pg pool');
  return client;
};

/**
 * The statement behind `GET /api/leads/export/`: the list's own filter and order, every text
 * formatted by PostgreSQL (timestamps as the list answers them, metadata as JSON text) so that
 * Node only copies strings from the cursor into the CSV.
 */
export const leadExportStatement = (filters: LeadListQuery) =>
  new PgDialect().sqlToQuery(sql`
    SELECT leads.id, leads.first_name, leads.last_name, leads.email, leads.phone, leads.company,
      leads.title, leads.status, leads.message,
      to_char(leads.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
      leads.metadata::text AS metadata
    FROM leads WHERE ${leadListCondition(filters)}
    ORDER BY leads.created_at DESC, leads.id DESC`);

/**
 * The filtered leads as CSV (UTF-8 with a byte order mark, so spreadsheets read accents right;
 * a header row; one lead per row), streamed from a server-side cursor: memory stays constant
 * for a million leads. The connection goes back to the pool when the stream ends, fails or the
 * download is abandoned.
 */
export const streamLeadsCsv = async (db: Database, filters: LeadListQuery): Promise<Readable> => {
  const { sql: text, params } = leadExportStatement(filters);
  const client = await poolOf(db).connect();
  const rows = client.query(new QueryStream(text, params, { batchSize: BATCH_SIZE }));
  const toCells = new Transform({
    objectMode: true,
    transform(row: ExportRow, _encoding, done) {
      done(
        null,
        LEAD_EXPORT_COLUMNS.map((column) => {
          const value = row[column];
          return typeof value === 'string' ? escapeFormula(value) : value;
        }),
      );
    },
  });
  const csv = stringify({ header: true, columns: [...LEAD_EXPORT_COLUMNS], bom: true });
  rows.pipe(toCells).pipe(csv);
  const fail = (error: Error) => csv.destroy(error);
  rows.on('error', fail);
  toCells.on('error', fail);
  // Once the response is done with the CSV (sent, failed or abandoned), stop reading the cursor.
  csv.on('close', () => {
    if (!rows.destroyed) rows.destroy();
  });
  void finished(rows).then(
    () => client.release(),
    // A cursor cut off mid-way leaves the connection in an unknown state: the pool drops it.
    (error: unknown) => client.release(error instanceof Error ? error : true),
  );
  return csv;
};
