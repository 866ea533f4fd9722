import { asc, count, eq, sql } from 'drizzle-orm';
import {
  CLIENT_MESSAGES,
  type Client,
  type ClientCreateRequest,
  type ClientUpdateRequest,
} from '@portal/contract/clients';
import type { Database, Executor } from '../../db/client';
import { canvases, clients, projects } from '../../db/schema/index';
import { insertWithUniqueSlug, slugBase } from '../../db/unique-slug';
import { ApiError, fieldError } from '../../http/errors';
import type { PageWindow } from '../../http/pagination';
import { changedFields, record } from '../activity/record';

export type ClientRow = typeof clients.$inferSelect;

export const toClientDto = (row: ClientRow): Client => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  is_internal: row.isInternal,
});

const byName = [asc(sql`lower(${clients.name})`), asc(clients.id)];

/** A delete refused by a referencing row: 23001 under ON DELETE RESTRICT, 23503 otherwise. */
const isForeignKeyViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as Error & { code?: string }).code;
    if (code === '23001' || code === '23503') return true;
  }
  return false;
};

/**
 * The slug a new client or project gets: an explicit one normalised by the spec's rule, else
 * one derived from the name. Nothing left of either is a 400 on the field it came from.
 */
export const slugSource = (
  body: { name: string; slug?: string | null | undefined },
  nameField = 'name',
) => {
  if (body.slug) {
    const base = slugBase(body.slug);
    if (!base) throw fieldError('slug', CLIENT_MESSAGES.blankSlug);
    return base;
  }
  const base = slugBase(body.name);
  if (!base) throw fieldError(nameField, CLIENT_MESSAGES.blankSlug);
  return base;
};

/** Clients (staff only; DESIGN §3): addressed by a slug that never changes. */
/** A client as the target of an activity entry. */
const clientTarget = (row: { id: number; name: string }) =>
  ({ type: 'client', id: row.id, label: row.name }) as const;

export const createClientService = (db: Database) => {
  const findBySlug = async (executor: Executor, slug: string) => {
    const [row] = await executor.select().from(clients).where(eq(clients.slug, slug)).limit(1);
    return row ?? null;
  };

  return {
    retrieve: async (slug: string) => {
      const row = await findBySlug(db, slug);
      return row && toClientDto(row);
    },

    findById: async (id: number) => {
      const [row] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
      return row ?? null;
    },

    list: async (page: (total: number) => PageWindow) => {
      const [totals] = await db.select({ total: count() }).from(clients);
      const total = totals?.total ?? 0;
      const window = page(total);
      const rows = await db
        .select()
        .from(clients)
        .orderBy(...byName)
        .limit(window.limit)
        .offset(window.offset);
      return { count: total, window, rows: rows.map(toClientDto) };
    },

    create: async (body: ClientCreateRequest): Promise<Client> => {
      const row = await insertWithUniqueSlug(db, {
        table: clients,
        slug: clients.slug,
        constraint: 'clients_slug_key',
        base: slugSource(body),
        insert: async (tx, slug) => {
          const [inserted] = await tx
            .insert(clients)
            .values({ name: body.name, slug, isInternal: body.is_internal ?? false })
            .returning();
          if (!inserted) throw new Error('client not created');
          await record(tx, {
            verb: 'created',
            target: clientTarget(inserted),
            client: inserted.id,
          });
          return inserted;
        },
      });
      return toClientDto(row);
    },

    update: async (slug: string, body: Partial<ClientUpdateRequest>): Promise<Client | null> => {
      const changes: Partial<typeof clients.$inferInsert> = {};
      if (body.name !== undefined) changes.name = body.name;
      if (body.is_internal !== undefined) changes.isInternal = body.is_internal;
      if (Object.keys(changes).length === 0) {
        const row = await findBySlug(db, slug);
        return row && toClientDto(row);
      }
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(clients)
          .set(changes)
          .where(eq(clients.slug, slug))
          .returning();
        if (updated)
          await record(tx, {
            verb: 'updated',
            target: clientTarget(updated),
            client: updated.id,
            data: { fields: changedFields(body) },
          });
        return updated;
      });
      return row ? toClientDto(row) : null;
    },

    /**
     * A client with projects or canvases stays (409): deleting it must not silently take them
     * along. The answer names what is in the way.
     */
    destroy: async (slug: string): Promise<boolean> => {
      const client = await findBySlug(db, slug);
      if (!client) return false;
      const inUse = async () => {
        for (const [table, detail] of [
          [projects, CLIENT_MESSAGES.clientHasProjects],
          [canvases, CLIENT_MESSAGES.clientHasCanvases],
        ] as const) {
          const [used] = await db
            .select({ id: table.id })
            .from(table)
            .where(eq(table.clientId, client.id))
            .limit(1);
          if (used) return detail;
        }
        return null;
      };
      const conflict = (detail: string) => new ApiError(409, { detail });
      const used = await inUse();
      if (used) throw conflict(used);
      try {
        return await db.transaction(async (tx) => {
          const deleted = await tx.delete(clients).where(eq(clients.id, client.id)).returning();
          if (deleted.length > 0)
            await record(tx, { verb: 'deleted', target: clientTarget(client), client: client.id });
          return deleted.length > 0;
        });
      } catch (error) {
        // A project or canvas created since the check: the foreign key has the last word.
        if (isForeignKeyViolation(error))
          throw conflict((await inUse()) ?? CLIENT_MESSAGES.clientHasProjects);
        throw error;
      }
    },
  };
};
