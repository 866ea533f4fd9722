import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';
import { createdAt, notBlank, parentId, serialId } from './columns';

/** What slugify() can produce: lowercase words of letters and digits joined by single hyphens. */
export const slugFormatCheck = (column: unknown) =>
  sql`${column} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND ${column} <> 'all'`;

export const clients = pgTable(
  'clients',
  {
    id: serialId(),
    name: varchar('name', { length: 255 }).notNull(),
    slug: varchar('slug', { length: 255 }).notNull(),
    isInternal: boolean('is_internal').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('clients_slug_key').on(t.slug),
    index('clients_name_idx').on(sql`lower(${t.name})`, t.id),
    check('clients_slug_format', slugFormatCheck(t.slug)),
    check('clients_name_not_blank', notBlank(t.name)),
  ],
);

/** A user who belongs to a client: they read that client's projects and everything under them. */
export const clientUsers = pgTable(
  'client_users',
  {
    id: serialId(),
    clientId: parentId('client_id', () => clients.id),
    userId: parentId('user_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('client_users_client_user_key').on(t.clientId, t.userId),
    // Scoping asks "which clients does this user belong to" on every member request.
    index('client_users_user_idx').on(t.userId, t.clientId),
  ],
);
