import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { listPage, underParent } from '../../http/list-by-parent';
import type { PageWindow } from '../../http/pagination';
import type { Scope } from '../../http/scope';
import { live } from '../../http/soft-delete';
import { projectScope } from './service';

/**
 * What every child of a project (milestones, notes, phases) reads alike: one row by id as far as
 * the caller's scope sees its project, and a `?project=` list page. How each lists its rows
 * (order, joins) and writes them stays in its own service: milestones are ordered, notes are
 * newest first, phases follow the studio's phase list. A child that is soft-deleted (notes:
 * `deletedAt`) is skipped by `visible` and `list`; `inScope` still finds it, for a restore.
 */
export const projectChild = (
  db: Executor,
  table: PgTable,
  columns: { id: PgColumn; projectId: PgColumn; deletedAt?: PgColumn },
) => {
  const alive = columns.deletedAt ? live(columns.deletedAt) : undefined;
  /** The WHERE of the row `id`, deleted or not, when the scope may see its project. */
  const inScope = (scope: Scope, id: number, executor: Executor = db): SQL | undefined =>
    and(eq(columns.id, id), projectScope(executor, scope, columns.projectId));
  return {
    inScope,

    /** The WHERE of the row `id`, when the scope may see its project and it is not deleted. */
    visible: (scope: Scope, id: number, executor: Executor = db): SQL | undefined =>
      and(inScope(scope, id, executor), alive),

    /**
     * The service's `list`: counts what the scope sees (of one project when the query names it),
     * then `read`s the page with the resource's own order.
     */
    list:
      <Row>(read: (where: SQL | undefined, window: PageWindow) => Promise<Row[]>) =>
      (
        scope: Scope,
        filters: { project?: number | undefined },
        page: (total: number) => PageWindow,
      ) => {
        const where = and(
          underParent(
            projectScope(db, scope, columns.projectId),
            columns.projectId,
            filters.project,
          ),
          alive,
        );
        return listPage(db, table, where, page, (window) => read(where, window));
      },
  };
};
