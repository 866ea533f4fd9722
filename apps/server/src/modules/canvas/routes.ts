import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, pageQuerySchema } from '@portal/contract/common';
import {
  canvasRestoreRequestSchema,
  canvasRestoreResponseSchema,
  canvasVersionListSchema,
  canvasVersionParamsSchema,
  canvasVersionSchema,
} from '@portal/contract/canvas-history';
import {
  CANVAS_LIMITS,
  canvasCreateRequestSchema,
  canvasSchema,
  canvasSummarySchema,
  canvasUpdateRequestSchema,
} from '@portal/contract/canvas';
import {
  canvasImportRequestSchema,
  canvasImportResponseSchema,
} from '@portal/contract/canvas-import';
import { requireStaff } from '../../http/auth';
import { fieldError, notFound } from '../../http/errors';
import { detailActionPath, registerResource } from '../../http/resource';
import { pageResponse, pageWindow } from '../../http/pagination';
import { permissions } from '../../http/scope';
import { createCanvasHistory } from './history';
import { canvasLiveRoutes } from './live/routes';
import { createCanvasService } from './service';

/**
 * A 2 MB diagram must reach the validator, which answers a precise 400, instead of the app-wide
 * 1 MiB limit's 413. JSON escaping grows the diagram's text (every `"` in it becomes `\"`): by
 * a sixth to a fifth for a real diagram, so half as much again leaves room; beyond, a 413.
 */
export const CANVAS_BODY_LIMIT = Math.ceil(CANVAS_LIMITS.dataBytes * 1.5);

export const IF_MATCH_MESSAGES = {
  invalid: 'The If-Match header must hold one version, e.g. "3".',
  differs: 'The version in the body and the If-Match header differ.',
} as const;

/** `3`, `"3"` and `W/"3"` name version 3; `*` names whatever is current, like no header. */
const INT_MAX = 2_147_483_647;
const IF_MATCH = /^(?:W\/)?"?(\d{1,10})"?$/;

/**
 * The version an update was made from: the body's `version`, or an `If-Match` header of the
 * same value (DESIGN §3). Neither: undefined, and the save applies whatever the version.
 */
export const expectedVersion = (
  request: FastifyRequest,
  bodyVersion: number | undefined,
): number | undefined => {
  const header = request.headers['if-match']?.trim();
  if (!header || header === '*') return bodyVersion;
  const match = IF_MATCH.exec(header);
  if (!match) throw fieldError('version', IF_MATCH_MESSAGES.invalid);
  const version = Number(match[1]);
  // The column is a PostgreSQL integer: a bigger number could never match, and would not bind.
  if (version > INT_MAX) throw fieldError('version', IF_MATCH_MESSAGES.invalid);
  if (bodyVersion !== undefined && bodyVersion !== version)
    throw fieldError('version', IF_MATCH_MESSAGES.differs);
  return version;
};

/** `canvas` (DESIGN §3): staff only; a stale save answers 409 instead of overwriting. */
export const canvasRoutes = async (app: FastifyInstance) => {
  const service = createCanvasService(app.ctx.db);

  // Strangers are turned away before their body is read: only staff may send the larger ones.
  app.addHook('preParsing', async (request) => {
    permissions.staffOnly(request);
  });

  // The version of the canvas answered is its entity tag, for callers who prefer If-Match.
  // This plugin is encapsulated, so the hook sees the canvas routes only.
  app.addHook('preSerialization', async (_request, reply, payload) => {
    const parsed = canvasSchema.safeParse(payload);
    if (reply.statusCode < 300 && parsed.success) reply.header('etag', `"${parsed.data.version}"`);
    return payload;
  });

  registerResource(app, {
    name: 'canvas',
    item: canvasSchema,
    listItem: canvasSummarySchema,
    createBody: canvasCreateRequestSchema,
    updateBody: canvasUpdateRequestSchema,
    bodyLimit: CANVAS_BODY_LIMIT,
    permission: permissions.staffOnly,
    list: (_request, _query, page) => service.list(page),
    retrieve: (_request, id) => service.retrieve(id),
    create: (request, body) => service.create(body, requireStaff(request).user.id),
    update: (request, id, body) =>
      service.update(
        id,
        body,
        expectedVersion(request, body.version),
        requireStaff(request).user.id,
      ),
    destroy: (_request, id) => service.destroy(id),
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    detailActionPath('canvas', 'import-sql'),
    {
      schema: {
        tags: ['canvas'],
        summary:
          'Import a SQL script (pg_dump --schema-only, mysqldump --no-data) as models and relations (staff)',
        params: idParamsSchema,
        body: canvasImportRequestSchema,
        response: { 200: canvasImportResponseSchema },
      },
      // A script is as large as a diagram may be, escaped as JSON.
      bodyLimit: CANVAS_BODY_LIMIT,
      preValidation: async (request) => {
        requireStaff(request);
      },
    },
    async (request, reply) => {
      const answer = await service.importSql(
        request.params.id,
        request.body,
        expectedVersion(request, request.body.version),
        requireStaff(request).user.id,
      );
      if (!answer) throw notFound();
      reply.header('etag', `"${answer.canvas.version}"`);
      return answer;
    },
  );

  // Inside this plugin, so the staff-only hook above covers the live calls too.
  await app.register(canvasLiveRoutes);

  const history = createCanvasHistory(app.ctx.db);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    detailActionPath('canvas', 'versions'),
    {
      schema: {
        tags: ['canvas'],
        summary: "A canvas's history: its versions, newest first, without their diagrams (staff)",
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: canvasVersionListSchema },
      },
    },
    async (request) => {
      const found = await history.list(request.params.id, (total) =>
        pageWindow(request.query, total),
      );
      if (!found) throw notFound();
      return pageResponse(request, found.window, found.count, found.rows);
    },
  );

  typed.get(
    '/api/canvas/:id/versions/:version/',
    {
      schema: {
        tags: ['canvas'],
        summary: 'One version of a canvas, with its diagram (staff)',
        params: canvasVersionParamsSchema,
        response: { 200: canvasVersionSchema },
      },
    },
    async (request) => {
      const found = await history.retrieve(app.ctx.db, request.params.id, request.params.version);
      if (!found) throw notFound();
      return found;
    },
  );

  typed.post(
    '/api/canvas/:id/versions/:version/restore/',
    {
      schema: {
        tags: ['canvas'],
        summary: "An earlier version's diagram saved as a new version of the canvas (staff)",
        params: canvasVersionParamsSchema,
        body: canvasRestoreRequestSchema,
        response: { 200: canvasRestoreResponseSchema },
      },
    },
    async (request) => {
      const canvas = await service.restore(
        request.params.id,
        request.params.version,
        expectedVersion(request, request.body.version),
        requireStaff(request).user.id,
      );
      if (!canvas) throw notFound();
      return canvas;
    },
  );
};
