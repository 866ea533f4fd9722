import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { CANVAS_LIMITS } from '@portal/contract/canvas';
import { clients } from './clients';
import { userRef } from './users';
import { createdAt, notBlank, serialId, updatedAt } from './columns';

/**
 * A modeling canvas (DESIGN §3 `canvas`): the diagram is kept as the JSON text the editor sent,
 * validated by `parseCanvasData` before it gets here. `version` counts the writes, so a save
 * over a newer one can be refused (decision 0012).
 */
export const canvases = pgTable(
  'canvases',
  {
    id: serialId(),
    // A client with canvases cannot be deleted: they go first (decisions 0007 and 0012).
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: CANVAS_LIMITS.name }).notNull(),
    data: text('data').notNull().default(''),
    version: integer('version').notNull().default(1),
    // A canvas outlives its author's account.
    createdById: userRef('created_by_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('canvases_client_idx').on(t.clientId),
    index('canvases_name_idx').on(sql`lower(${t.name})`, t.id),
    index('canvases_created_by_idx').on(t.createdById),
    check('canvases_name_not_blank', notBlank(t.name)),
    check('canvases_version_positive', sql`${t.version} >= 1`),
    check(
      'canvases_data_size',
      sql`octet_length(${t.data}) <= ${sql.raw(String(CANVAS_LIMITS.dataBytes))}`,
    ),
  ],
);
