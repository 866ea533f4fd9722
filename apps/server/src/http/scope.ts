import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client';
import { clientUsers } from '../db/schema/index';
import { requireStaff, requireUser } from './auth';
import { notFound } from './errors';
import type { ResourceAction } from './resource';

/**
 * Who is asking, as far as client data goes (DESIGN §3): staff see everything; anyone else sees
 * the records of the clients they are linked to through `client-users`, and nothing else exists
 * for them (lists are filtered, details answer 404). Services take a Scope, never a request.
 */
export type Scope = { kind: 'staff'; userId: number } | { kind: 'member'; userId: number };

/** The caller's scope, or a 401 for a visitor. */
export const scopeOf = (request: FastifyRequest): Scope => {
  const { user } = requireUser(request);
  return { kind: user.isSuperuser ? 'staff' : 'member', userId: user.id };
};

/** The ids of the clients a user belongs to, as a subquery (one round trip for the caller). */
export const memberClientIds = (db: Executor, userId: number) =>
  db
    .select({ clientId: clientUsers.clientId })
    .from(clientUsers)
    .where(eq(clientUsers.userId, userId));

/** The ids of the clients a user belongs to. */
export const clientIdsOf = async (db: Executor, userId: number): Promise<number[]> =>
  (await memberClientIds(db, userId)).map((row) => row.clientId);

/**
 * A WHERE condition on a client id column that keeps what the scope may see: nothing to add for
 * staff, membership for anyone else (a user of no client sees nothing).
 */
export const clientScope = (db: Executor, scope: Scope, clientId: PgColumn): SQL | undefined =>
  scope.kind === 'staff' ? undefined : inArray(clientId, memberClientIds(db, scope.userId));

/** A WHERE condition on an id column keeping what the scope may see (undefined: everything). */
export type ScopeCondition = (db: Executor, scope: Scope, id: PgColumn) => SQL | undefined;

/**
 * The scope of a record that belongs to a parent (a project to its client, a section to its
 * estimate…): the ids of `table`'s rows whose `parent` column names a parent the scope may see,
 * as a subquery run inside the caller's statement. Chained, it walks up to the client: items →
 * sections → estimates → projects → `clientScope`. Staff see everything: nothing is added.
 */
export const scopeThrough = <
  K extends string,
  T extends PgTable & { id: PgColumn } & Record<K, PgColumn>,
>(
  table: T,
  parent: K,
  parentScope: ScopeCondition,
): ScopeCondition => {
  // Read once, as plain table and columns: drizzle's `from` cannot check a generic table.
  const rows: PgTable = table;
  const { id } = table;
  const parentId = table[parent];
  return (db, scope, column) =>
    scope.kind === 'staff'
      ? undefined
      : inArray(
          column,
          db
            .select({ id })
            .from(rows)
            .where(parentScope(db, scope, parentId)),
        );
};

/** `clientScope` for raw SQL: `clientId` is an expression such as sql`p.client_id`. */
export const clientScopeSql = (scope: Scope, clientId: SQL): SQL =>
  scope.kind === 'staff'
    ? sql`true`
    : sql`${clientId} IN (SELECT client_id FROM client_users WHERE user_id = ${scope.userId})`;

/** `clientScope` and-ed with the caller's own filters. */
export const scoped = (
  db: Executor,
  scope: Scope,
  clientId: PgColumn,
  ...conditions: (SQL | undefined)[]
): SQL | undefined => and(clientScope(db, scope, clientId), ...conditions);

/** A detail the scope may not see is a 404, exactly like one that does not exist. */
export const visibleOr404 = <T>(row: T | null | undefined): T => {
  if (row === null || row === undefined) throw notFound();
  return row;
};

const READS: readonly ResourceAction[] = ['list', 'retrieve'];

/**
 * Permission hooks for `registerResource`. Reads of scoped resources only need a signed-in user
 * (the service filters by scope); writes and staff-only resources need staff (403 for others).
 */
export const permissions = {
  staffOnly: (request: FastifyRequest) => {
    requireStaff(request);
  },
  /** Reads for any signed-in user (the service filters by scope); writes for staff only. */
  readSignedInWriteStaff: (request: FastifyRequest, action: ResourceAction) => {
    if (READS.includes(action)) requireUser(request);
    else requireStaff(request);
  },
} as const;
