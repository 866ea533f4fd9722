import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { CANVAS_LIMITS } from '@portal/contract/canvas';
import { CANVAS_VERSION_KINDS } from '@portal/contract/canvas-history';
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

/**
 * Every version of a canvas's diagram, written in the transaction that makes it (a create, a
 * save that changes the diagram, an import, a restore): who and when, and the whole diagram —
 * PostgreSQL compresses the text, and a diagram is at most 2 MB. Restoring one is a new version.
 */
export const canvasVersions = pgTable(
  'canvas_versions',
  {
    canvasId: integer('canvas_id')
      .notNull()
      .references(() => canvases.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    kind: varchar('kind', { length: 16, enum: CANVAS_VERSION_KINDS }).notNull(),
    data: text('data').notNull(),
    // How many models the diagram holds: what the history lists, without reading 2 MB a row.
    models: integer('models').notNull().default(0),
    // For a restore: the version it brought back.
    restoredFrom: integer('restored_from'),
    savedById: userRef('saved_by_id'),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.canvasId, t.version] }),
    index('canvas_versions_saved_by_idx').on(t.savedById),
    check('canvas_versions_kind', sql`${t.kind} IN ('created', 'saved', 'imported', 'restored')`),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Buffer }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The shared document of a canvas being edited together (issue 29, decision 0056): `state` is the
 * Yjs state up to `compacted_to`, and every change taken since is a row of `canvas_live_updates`,
 * appended in the transaction that answers it — a change the server answered is never lost, and
 * taking one costs an insert, not a rewrite of the whole document. A save folds the changes into
 * `state`. `saved` is the state vector the current version was written from; `edited_by_id` the
 * last person whose change is not in a version yet. The row is made on the first live open and
 * follows every save, import and restore of `data`.
 */
export const canvasLive = pgTable(
  'canvas_live',
  {
    canvasId: integer('canvas_id')
      .primaryKey()
      .references(() => canvases.id, { onDelete: 'cascade' }),
    state: bytea('state').notNull(),
    compactedTo: bigint('compacted_to', { mode: 'number' }).notNull().default(0),
    saved: bytea('saved').notNull(),
    editedById: userRef('edited_by_id'),
    updatedAt: updatedAt(),
  },
  (t) => [index('canvas_live_edited_by_idx').on(t.editedById)],
);

/** The changes taken since a canvas's document was last compacted, in the order they committed. */
export const canvasLiveUpdates = pgTable(
  'canvas_live_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    canvasId: integer('canvas_id')
      .notNull()
      .references(() => canvasLive.canvasId, { onDelete: 'cascade' }),
    update: bytea('update').notNull(),
  },
  (t) => [index('canvas_live_updates_canvas_idx').on(t.canvasId, t.id)],
);
