import { sql, type SQL } from 'drizzle-orm';
import { integer, serial, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The column and check shapes every table is built from, so a table declares what it holds and
 * not how a timestamp or a foreign key is spelled. Each helper writes exactly the SQL the tables
 * wrote by hand before, so the migrations' snapshots stay as they are.
 */

/** The row's own id: an integer the database counts up. */
export const serialId = () => serial('id').primaryKey();

/** A point in time; always with its time zone, so no instance's clock setting leaks into data. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdAt = () => at('created_at').notNull().defaultNow();

/** When the row last changed (the service sets it on every update). */
export const updatedAt = () => at('updated_at').notNull().defaultNow();

/**
 * When the row was deleted: a deleted row stays only so that Undo can bring it back (lists,
 * counts and details skip it) and is purged later (`http/soft-delete.ts`).
 */
export const deletedAt = () => at('deleted_at');

/** The parent the row belongs to: required, and the row goes when its parent goes. */
export const parentId = (name: string, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: 'cascade' });

/** The SQL list of allowed values, for `column IN (…)` checks. */
export const oneOf = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value}'`).join(', '));

/** A check that the column is one of the contract's values. */
export const isOneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} IN (${oneOf(values)})`;

/** A check that text is not only white space (the API trims; the database holds the line). */
export const notBlank = (column: AnyPgColumn): SQL => sql`btrim(${column}) <> ''`;

/** A check on text length, with the contract's limit written into the constraint. */
export const maxLength = (column: AnyPgColumn, max: number): SQL =>
  sql`length(${column}) <= ${sql.raw(String(max))}`;
