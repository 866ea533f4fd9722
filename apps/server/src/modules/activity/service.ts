import { and, desc, eq, inArray, isNotNull, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  MEMBER_VISIBLE_TARGET_TYPES,
  type Activity,
  type ActivityFilters,
} from '@portal/contract/activity';
import type { Database } from '../../db/client';
import { activity, clients, projects, users } from '../../db/schema/index';
import { listPage } from '../../http/list-by-parent';
import type { PageWindow } from '../../http/pagination';
import { clientScope, type Scope } from '../../http/scope';
import { personRef } from '../../db/people';

const actors = alias(users, 'actors');
const impersonators = alias(users, 'impersonators');

/**
 * What of the history a scope may read (decision 0022): staff everything; anyone else the
 * entries of their own clients' projects about the targets members see (no leads, clients,
 * canvases, sign-ins or impersonations), whoever acted.
 */
const visibleTo = (db: Database, scope: Scope): SQL | undefined =>
  scope.kind === 'staff'
    ? undefined
    : and(
        isNotNull(activity.projectId),
        clientScope(db, scope, activity.clientId),
        inArray(activity.targetType, [...MEMBER_VISIBLE_TARGET_TYPES]),
      );

const filtersOf = (filters: ActivityFilters): (SQL | undefined)[] => [
  filters.project === undefined ? undefined : eq(activity.projectId, filters.project),
  filters.client === undefined ? undefined : eq(activity.clientId, filters.client),
  filters.estimate === undefined
    ? undefined
    : and(eq(activity.targetType, 'estimate'), eq(activity.targetId, filters.estimate)),
  filters.lead === undefined
    ? undefined
    : and(eq(activity.targetType, 'lead'), eq(activity.targetId, filters.lead)),
  filters.actor === undefined ? undefined : eq(activity.actorId, filters.actor),
  filters.sign_ins === false ? ne(activity.verb, 'signed_in') : undefined,
];

/** Who did what, newest first. */
export const createActivityService = (db: Database) => ({
  list: (scope: Scope, filters: ActivityFilters, page: (total: number) => PageWindow) => {
    const where = and(visibleTo(db, scope), ...filtersOf(filters));
    return listPage(db, activity, where, page, async ({ limit, offset }) => {
      const rows = await db
        .select({
          entry: activity,
          actor: actors,
          impersonator: impersonators,
          project: { id: projects.id, slug: projects.slug, name: projects.name },
          client: { id: clients.id, slug: clients.slug, name: clients.name },
        })
        .from(activity)
        .leftJoin(actors, eq(actors.id, activity.actorId))
        .leftJoin(impersonators, eq(impersonators.id, activity.impersonatorId))
        .leftJoin(projects, eq(projects.id, activity.projectId))
        .leftJoin(clients, eq(clients.id, activity.clientId))
        .where(where)
        .orderBy(desc(activity.createdAt), desc(activity.id))
        .limit(limit)
        .offset(offset);
      return rows.map((row): Activity => ({
        id: row.entry.id,
        verb: row.entry.verb as Activity['verb'],
        actor: personRef(row.actor),
        impersonator: personRef(row.impersonator),
        target: {
          type: row.entry.targetType as Activity['target']['type'],
          id: row.entry.targetId,
          label: row.entry.targetLabel,
        },
        project: row.project,
        client: row.client,
        data: row.entry.data,
        created_at: row.entry.createdAt.toISOString(),
      }));
    });
  },
});
