import { and, count, desc, eq } from 'drizzle-orm';
import type { CanvasVersion, CanvasVersionSummary } from '@portal/contract/canvas-history';
import type { Database, Executor } from '../../db/client';
import { personRef } from '../../db/people';
import { canvases, canvasVersions, users } from '../../db/schema/index';
import type { PageWindow } from '../../http/pagination';

export type NewVersion = typeof canvasVersions.$inferInsert;

/**
 * Keeps a version of a canvas in its history (issue 29), in the transaction that made it — so a
 * version the canvas reached is always in its history, and one rolled back never is.
 */
export const keepVersion = async (tx: Executor, version: NewVersion) => {
  await tx.insert(canvasVersions).values(version);
};

const summaryColumns = {
  version: canvasVersions.version,
  kind: canvasVersions.kind,
  restoredFrom: canvasVersions.restoredFrom,
  models: canvasVersions.models,
  savedAt: canvasVersions.savedAt,
  savedById: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

type SummaryRow = {
  version: number;
  kind: CanvasVersionSummary['kind'];
  restoredFrom: number | null;
  models: number;
  savedAt: Date;
  savedById: number | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
};

const toSummaryDto = (row: SummaryRow): CanvasVersionSummary => ({
  version: row.version,
  kind: row.kind,
  restored_from: row.restoredFrom,
  saved_by:
    row.savedById === null
      ? null
      : personRef({
          id: row.savedById,
          firstName: row.firstName ?? '',
          lastName: row.lastName ?? '',
          email: row.email ?? '',
        }),
  saved_at: row.savedAt.toISOString(),
  models: row.models,
});

/** Reads a canvas's history: its versions newest first, and one version with its diagram. */
export const createCanvasHistory = (db: Database) => {
  const versions = <Columns extends typeof summaryColumns>(executor: Executor, columns: Columns) =>
    executor
      .select(columns)
      .from(canvasVersions)
      .leftJoin(users, eq(users.id, canvasVersions.savedById));

  return {
    /** Null where there is no such canvas. */
    list: async (canvasId: number, page: (total: number) => PageWindow) => {
      const [canvas] = await db
        .select({ id: canvases.id })
        .from(canvases)
        .where(eq(canvases.id, canvasId));
      if (!canvas) return null;
      const [totals] = await db
        .select({ total: count() })
        .from(canvasVersions)
        .where(eq(canvasVersions.canvasId, canvasId));
      const total = totals?.total ?? 0;
      const window = page(total);
      const rows = await versions(db, summaryColumns)
        .where(eq(canvasVersions.canvasId, canvasId))
        .orderBy(desc(canvasVersions.version))
        .limit(window.limit)
        .offset(window.offset);
      return { count: total, window, rows: rows.map(toSummaryDto) };
    },

    retrieve: async (
      executor: Executor,
      canvasId: number,
      version: number,
    ): Promise<CanvasVersion | null> => {
      const [row] = await versions(executor, { ...summaryColumns, data: canvasVersions.data })
        .where(and(eq(canvasVersions.canvasId, canvasId), eq(canvasVersions.version, version)))
        .limit(1);
      return row ? { ...toSummaryDto(row), data: row.data } : null;
    },
  };
};
