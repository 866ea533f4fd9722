import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import type { OrderedTable } from './ordering';
import type { PageWindow } from './pagination';
import type { Scope, ScopeCondition } from './scope';

/**
 * The WHERE of a "list by parent" call (`?project=`, `?estimate=`, `?milestone=`…): what the
 * caller's scope may see, narrowed to one parent when the query names one.
 */
export const underParent = (
  scopeCondition: SQL | undefined,
  parentColumn: PgColumn,
  parentId: number | undefined,
): SQL | undefined =>
  and(scopeCondition, parentId === undefined ? undefined : eq(parentColumn, parentId));

/** Counts the rows a list matches and picks the requested page among them. */
export const countedPage = async (
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  page: (total: number) => PageWindow,
) => {
  const [totals] = await db.select({ total: count() }).from(table).where(where);
  const total = totals?.total ?? 0;
  return { total, window: page(total) };
};

/** One page of a list: counts what `where` matches, picks the page, then reads its rows. */
export const listPage = async <Row>(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  page: (total: number) => PageWindow,
  read: (window: PageWindow) => Promise<Row[]>,
) => {
  const { total, window } = await countedPage(db, table, where, page);
  return { count: total, window, rows: await read(window) };
};

/**
 * One page of ordered parents answered with their children (estimate sections with their items,
 * test flows with their steps): the page is chosen among the parents themselves, not the joined
 * rows, in their parent's and their own order; `load` then reads those parents with their
 * children at once.
 */
export const parentsPage = async <Row>(
  db: Executor,
  columns: OrderedTable,
  where: SQL | undefined,
  page: (total: number) => PageWindow,
  load: (inPage: SQL) => Promise<Row[]>,
) => {
  const { total, window } = await countedPage(db, columns.table, where, page);
  const pageIds = db
    .select({ id: columns.id })
    .from(columns.table)
    .where(where)
    .orderBy(asc(columns.parent), asc(columns.order))
    .limit(window.limit)
    .offset(window.offset);
  return { count: total, window, rows: await load(inArray(columns.id, pageIds)) };
};

/**
 * The reads of an ordered parent answered with its children (estimate sections with their items,
 * test flows with their steps), seen through the scope of the record they hang under: `visible`
 * is the WHERE of one of them, `findOne` reads it, `list` is the service's list, the
 * `?<filter>=` page. `load` reads the rows a condition matches, each with its children.
 */
export const parentReads = <Row, Filter extends string>(
  db: Executor,
  columns: OrderedTable,
  parent: { scope: ScopeCondition; filter: Filter },
  load: (db: Executor, where: SQL | undefined) => Promise<Row[]>,
) => {
  const visible = (scope: Scope, id: number) =>
    and(eq(columns.id, id), parent.scope(db, scope, columns.parent));
  return {
    visible,
    findOne: async (scope: Scope, id: number): Promise<Row | null> =>
      (await load(db, visible(scope, id)))[0] ?? null,
    list: (
      scope: Scope,
      filters: { [key in Filter]?: number | undefined },
      page: (total: number) => PageWindow,
    ) =>
      parentsPage(
        db,
        columns,
        underParent(
          parent.scope(db, scope, columns.parent),
          columns.parent,
          filters[parent.filter],
        ),
        page,
        (inPage) => load(db, inPage),
      ),
  };
};
