import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  CANVAS_CONFLICT_MESSAGE,
  parseCanvasData,
  type Canvas,
  type CanvasCreateRequest,
  type CanvasSummary,
  type CanvasUpdateRequest,
} from '@portal/contract/canvas';
import { CANVAS_HISTORY_MESSAGES } from '@portal/contract/canvas-history';
import type { CanvasImportRequest, CanvasImportResponse } from '@portal/contract/canvas-import';
import { FIELD_MESSAGES } from '@portal/contract/fields';
import type { Database, Executor } from '../../db/client';
import { canvases, canvasVersions, clients } from '../../db/schema/index';
import { ApiError, fieldError, validationError } from '../../http/errors';
import type { PageWindow } from '../../http/pagination';
import { record } from '../activity/record';
import { keepVersion, type NewVersion } from './history';
import { readSqlScript } from './import/read-sql';
import { importIntoCanvas } from './import/to-canvas';
import { followData } from './live/signals';

/** Everything a list entry shows: the canvas without its (possibly 2 MB) diagram. */
const summaryColumns = {
  id: canvases.id,
  name: canvases.name,
  clientId: canvases.clientId,
  clientName: clients.name,
  version: canvases.version,
  createdAt: canvases.createdAt,
  updatedAt: canvases.updatedAt,
};
const detailColumns = { ...summaryColumns, data: canvases.data };

type SummaryRow = {
  id: number;
  name: string;
  clientId: number;
  clientName: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

const toSummaryDto = (row: SummaryRow): CanvasSummary => ({
  id: row.id,
  name: row.name,
  client_id: row.clientId,
  client_name: row.clientName,
  version: row.version,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const toCanvasDto = (row: SummaryRow & { data: string }): Canvas => ({
  ...toSummaryDto(row),
  data: row.data,
});

const byName = [asc(sql`lower(${canvases.name})`), asc(canvases.id)];

/** A `data` string the editor can open again (and its models), or a 400 saying what is wrong. */
const checkedData = (data: string) => {
  const parsed = parseCanvasData(data);
  if (!parsed.ok) throw validationError({ data: parsed.errors });
  return { data, models: parsed.data.nodes.length };
};

/** The models of a diagram already checked when it was saved. */
const modelsIn = (data: string) => {
  const parsed = parseCanvasData(data);
  return parsed.ok ? parsed.data.nodes.length : 0;
};

/** 409: the canvas has been saved since the caller read `version`; nothing was written. */
export const canvasConflict = (current: number) =>
  new ApiError(
    409,
    { detail: CANVAS_CONFLICT_MESSAGE, version: current },
    { etag: `"${current}"` },
  );

/** A canvas is staff only: its entries name the client, never a project (decision 0022). */
const canvasContext = (row: { id: number; name: string; clientId: number }) => ({
  target: { type: 'canvas', id: row.id, label: row.name } as const,
  client: row.clientId,
});

const details = (executor: Executor) =>
  executor
    .select(detailColumns)
    .from(canvases)
    .innerJoin(clients, eq(clients.id, canvases.clientId));

const findById = async (executor: Executor, id: number) => {
  const [row] = await details(executor).where(eq(canvases.id, id)).limit(1);
  return row ?? null;
};

/**
 * The canvas, locked until the transaction ends (so a save meanwhile waits), or null; an
 * `expected` version that is no longer current is a 409, as for a save.
 */
export const lockCurrent = async (tx: Executor, id: number, expected: number | undefined) => {
  const [row] = await details(tx)
    .where(eq(canvases.id, id))
    .limit(1)
    .for('update', { of: canvases });
  if (row && expected !== undefined && row.version !== expected) throw canvasConflict(row.version);
  return row ?? null;
};

/**
 * A locked canvas's next version: its diagram replaced, the version kept in the history and
 * the save in the activity (an import and a restore; a save by the editor writes its own).
 */
export const saveNextVersion = async (
  tx: Executor,
  id: number,
  next: Omit<NewVersion, 'canvasId' | 'version'>,
  activity: Record<string, number>,
) => {
  const [saved] = await tx
    .update(canvases)
    .set({ data: next.data, version: sql`${canvases.version} + 1`, updatedAt: sql`now()` })
    .from(clients)
    .where(and(eq(canvases.id, id), eq(clients.id, canvases.clientId)))
    .returning(detailColumns);
  if (!saved) throw new Error('canvas vanished while locked');
  await keepVersion(tx, { ...next, canvasId: id, version: saved.version });
  await record(tx, {
    verb: 'saved',
    ...canvasContext(saved),
    data: { version: saved.version, ...activity },
  });
  return saved;
};

/**
 * Canvases (staff only; DESIGN §3, decision 0012). Every write bumps `version` in the same
 * statement that checks it, so of two saves made from the same version exactly one lands.
 */
export const createCanvasService = (db: Database) => ({
  list: async (page: (total: number) => PageWindow) => {
    const [totals] = await db.select({ total: count() }).from(canvases);
    const total = totals?.total ?? 0;
    const window = page(total);
    const rows = await db
      .select(summaryColumns)
      .from(canvases)
      .innerJoin(clients, eq(clients.id, canvases.clientId))
      .orderBy(...byName)
      .limit(window.limit)
      .offset(window.offset);
    return { count: total, window, rows: rows.map(toSummaryDto) };
  },

  retrieve: async (id: number) => {
    const row = await findById(db, id);
    return row && toCanvasDto(row);
  },

  create: async (body: CanvasCreateRequest, createdById: number): Promise<Canvas> => {
    const { data, models } = checkedData(body.data ?? '');
    return db.transaction(async (tx) => {
      // Held until the insert commits, so the client cannot be deleted in between.
      const [client] = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(eq(clients.id, body.client_id))
        .limit(1)
        .for('key share');
      if (!client) throw fieldError('client_id', FIELD_MESSAGES.pkMissing(body.client_id));
      const [row] = await tx
        .insert(canvases)
        .values({ name: body.name, clientId: client.id, data, createdById })
        .returning({ id: canvases.id });
      if (!row) throw new Error('canvas not created');
      await keepVersion(tx, {
        canvasId: row.id,
        version: 1,
        kind: 'created',
        data,
        models,
        savedById: createdById,
      });
      await record(tx, {
        verb: 'created',
        ...canvasContext({ id: row.id, name: body.name, clientId: client.id }),
      });
      // The answer is read in the transaction that wrote it (issue 28).
      const created = await findById(tx, row.id);
      if (!created) throw new Error('canvas vanished after create');
      return toCanvasDto(created);
    });
  },

  /**
   * `expected` is the version the caller last read (body `version` or `If-Match`): a save over
   * any other is refused with 409 and the current version. Without it the save applies.
   */
  update: async (
    id: number,
    body: Partial<CanvasUpdateRequest>,
    expected: number | undefined,
    savedById: number,
  ): Promise<Canvas | null> => {
    const changes: Partial<typeof canvases.$inferInsert> = {};
    const checked = body.data === undefined ? null : checkedData(body.data);
    if (body.name !== undefined) changes.name = body.name;
    if (checked) changes.data = checked.data;
    if (Object.keys(changes).length === 0) {
      // Nothing to write, so nothing to count, but a stale version is still news to the caller.
      const row = await findById(db, id);
      if (row && expected !== undefined && row.version !== expected)
        throw canvasConflict(row.version);
      return row && toCanvasDto(row);
    }
    const row = await db.transaction(async (tx) => {
      const [saved] = await tx
        .update(canvases)
        .set({ ...changes, version: sql`${canvases.version} + 1`, updatedAt: sql`now()` })
        .from(clients)
        .where(
          and(
            eq(canvases.id, id),
            eq(clients.id, canvases.clientId),
            expected === undefined ? undefined : eq(canvases.version, expected),
          ),
        )
        .returning(detailColumns);
      if (saved) {
        // Every version is in the history, a renaming too (its diagram as it was).
        await keepVersion(tx, {
          canvasId: saved.id,
          version: saved.version,
          kind: 'saved',
          data: saved.data,
          models: checked?.models ?? modelsIn(saved.data),
          savedById,
        });
        await record(tx, {
          verb: 'saved',
          ...canvasContext(saved),
          data: { version: saved.version },
        });
        // Editors working together on the canvas take the saved diagram (decision 0056).
        if (checked) await followData(tx, saved.id, saved.data, saved.version);
      }
      return saved;
    });
    if (row) return toCanvasDto(row);
    if (expected === undefined) return null;
    const [current] = await db
      .select({ version: canvases.version })
      .from(canvases)
      .where(eq(canvases.id, id));
    if (!current) return null;
    throw canvasConflict(current.version);
  },

  /**
   * `POST /api/canvas/{id}/import-sql/` (decision 0053): the script's tables merged into the
   * diagram and saved as a new version. The script is read before the transaction (it may take
   * a while); the canvas row is locked while it is merged, so a save meanwhile waits, and an
   * `expected` version that is no longer current is a 409 as for a save.
   */
  importSql: async (
    id: number,
    body: CanvasImportRequest,
    expected: number | undefined,
    savedById: number,
  ): Promise<CanvasImportResponse | null> => {
    const script = await readSqlScript(body.sql, body.dialect);
    return db.transaction(async (tx) => {
      const row = await lockCurrent(tx, id, expected);
      if (!row) return null;
      const current = parseCanvasData(row.data);
      if (!current.ok) throw validationError({ data: current.errors });
      const outcome = await importIntoCanvas(current.data, script, randomUUID);
      // The same checks as a save: a script may make a diagram over 2 MB or too many models.
      const data = JSON.stringify(outcome.data);
      const checked = parseCanvasData(data);
      if (!checked.ok)
        throw validationError({
          sql: checked.errors.map((error) => `The imported canvas would not be valid: ${error}`),
        });
      const saved = await saveNextVersion(
        tx,
        id,
        { kind: 'imported', data, models: checked.data.nodes.length, savedById },
        { imported_tables: script.tables.length },
      );
      await followData(tx, id, data, saved.version);
      return {
        canvas: toCanvasDto(saved),
        created: outcome.created,
        updated: outcome.updated,
        relations: outcome.relations,
        skipped: script.skipped,
        notes: outcome.notes,
      };
    });
  },

  /**
   * `POST /api/canvas/{id}/versions/{version}/restore/` (issue 29): an earlier version's diagram
   * saved as a new version (`restored`); the versions between stay in the history. The canvas
   * row is locked as for an import; an `expected` version no longer current is a 409.
   */
  restore: async (
    id: number,
    version: number,
    expected: number | undefined,
    savedById: number,
  ): Promise<Canvas | null> =>
    db.transaction(async (tx) => {
      const row = await lockCurrent(tx, id, expected);
      if (!row) return null;
      const [old] = await tx
        .select({ data: canvasVersions.data, models: canvasVersions.models })
        .from(canvasVersions)
        .where(and(eq(canvasVersions.canvasId, id), eq(canvasVersions.version, version)));
      if (!old) throw new ApiError(404, { detail: CANVAS_HISTORY_MESSAGES.versionNotFound });
      if (version === row.version)
        throw new ApiError(400, { detail: CANVAS_HISTORY_MESSAGES.alreadyCurrent });
      const saved = await saveNextVersion(
        tx,
        id,
        {
          kind: 'restored',
          data: old.data,
          models: old.models,
          restoredFrom: version,
          savedById,
        },
        { restored_from: version },
      );
      await followData(tx, id, old.data, saved.version);
      return toCanvasDto(saved);
    }),

  destroy: async (id: number): Promise<boolean> => {
    return db.transaction(async (tx) => {
      const [deleted] = await tx.delete(canvases).where(eq(canvases.id, id)).returning();
      if (deleted) await record(tx, { verb: 'deleted', ...canvasContext(deleted) });
      return deleted !== undefined;
    });
  },
});
