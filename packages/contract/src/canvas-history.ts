import { z } from 'zod';
import { canvasSchema } from './canvas';
import { idSchema, paginated } from './common';
import { integerField, requestBody } from './fields';

/**
 * A canvas's history (issue 29): every version of its diagram — made, saved, imported into or
 * restored — with who and when. Restoring one makes a new version; nothing is ever lost.
 */
export const CANVAS_VERSION_KINDS = ['created', 'saved', 'imported', 'restored'] as const;
export type CanvasVersionKind = (typeof CANVAS_VERSION_KINDS)[number];

/** `GET /api/canvas/{id}/versions/`: newest first, without the diagrams. */
export const canvasVersionSummarySchema = z.object({
  version: z.number().int(),
  kind: z.enum(CANVAS_VERSION_KINDS),
  /** For a restore: the version it brought back. */
  restored_from: z.number().int().nullable(),
  /** Null where the account is gone, or for versions saved before the history began. */
  saved_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  saved_at: z.string(),
  models: z.number().int(),
});
export type CanvasVersionSummary = z.infer<typeof canvasVersionSummarySchema>;
export const canvasVersionListSchema = paginated(canvasVersionSummarySchema);

/** `GET /api/canvas/{id}/versions/{version}/`: one version with its diagram. */
export const canvasVersionSchema = canvasVersionSummarySchema.extend({ data: z.string() });
export type CanvasVersion = z.infer<typeof canvasVersionSchema>;

export const canvasVersionParamsSchema = z.object({ id: idSchema, version: idSchema });

/**
 * `POST /api/canvas/{id}/versions/{version}/restore/` `{version?}`: the body's `version` is the
 * canvas's current version as the caller last read it (as for a save: a newer one is a 409).
 * Answers the canvas, now one version further, holding the restored diagram.
 */
export const canvasRestoreRequestSchema = requestBody({
  version: integerField({ min: 0, max: 2_147_483_647 }).optional(),
});
export type CanvasRestoreRequest = z.infer<typeof canvasRestoreRequestSchema>;
export const canvasRestoreResponseSchema = canvasSchema;

export const CANVAS_HISTORY_MESSAGES = {
  versionNotFound: 'This canvas has no such version.',
  alreadyCurrent: 'This version is the current one: there is nothing to restore.',
} as const;
