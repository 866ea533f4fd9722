import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailSchema, idParamsSchema } from '@portal/contract/common';
import {
  milestoneTestStateListSchema,
  milestoneTestStateQuerySchema,
  TEST_RUN_LIMITS,
  TEST_RUN_MESSAGES,
  testRunAttachmentSchema,
  testRunCreateRequestSchema,
  testRunListItemSchema,
  testRunListQuerySchema,
  testRunResultSchema,
  testRunResultUpdateRequestSchema,
  testRunSchema,
  testRunSignOffRequestSchema,
} from '@portal/contract/test-runs';
import { requireUser } from '../../http/auth';
import { ApiError, fieldError, notFound, permissionDenied } from '../../http/errors';
import { detailActionPath, registerResource } from '../../http/resource';
import { scopeOf, visibleOr404 } from '../../http/scope';
import { personalLimit } from '../../http/throttle';
import { cleanFileName, sniffAttachment } from './files';
import { createTestRunService } from './service';
import { attachmentLinks } from './signed-links';

const hasCode = (error: unknown, code: string) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === code;

/** The one file of an attachment upload (field `file`), as bytes and its name. */
const readUpload = async (request: FastifyRequest) => {
  if (!request.isMultipart()) throw fieldError('file', TEST_RUN_MESSAGES.attachmentMissing);
  try {
    const part = await request.file({ limits: { fileSize: TEST_RUN_LIMITS.attachmentBytes } });
    if (!part || part.fieldname !== 'file')
      throw fieldError('file', TEST_RUN_MESSAGES.attachmentMissing);
    return { body: await part.toBuffer(), name: part.filename };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (hasCode(error, 'FST_REQ_FILE_TOO_LARGE'))
      throw fieldError('file', TEST_RUN_MESSAGES.attachmentTooLarge);
    const message = error instanceof Error ? error.message : 'unreadable form';
    throw new ApiError(400, { detail: `Multipart form parse error - ${message}` });
  }
};

/** Only the client signs: staff may not, nor staff acting as a client user (impersonation). */
const requireClientSignature = (request: FastifyRequest) => {
  const auth = requireUser(request);
  if (auth.user.isSuperuser || auth.impersonatorId !== null) throw permissionDenied();
  return auth;
};

const signedQuerySchema = z.object({
  expires: z.coerce.number().int().optional(),
  signature: z.string().max(128).optional(),
});

/**
 * `test-runs`, `test-run-results` and their attachments (issue 16, decision 0019). Whoever sees
 * the milestone (staff, users of its client) starts runs, records results and completes them.
 */
export const testRunRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { config } = app.ctx;
  const links = attachmentLinks(config.secretKey);
  const service = createTestRunService(app.ctx.db, {
    storage: app.ctx.storage,
    link: links.link,
    reportUrl: (id) => `${config.publicUrl}/test-runs/${id}/report`,
    studio: app.ctx.studio,
  });
  const tags = ['test-runs'];
  const uploadLimit = personalLimit(app.ctx.db, config.throttle, 'uploads');

  registerResource(app, {
    name: 'test-runs',
    item: testRunSchema,
    listItem: testRunListItemSchema,
    query: testRunListQuerySchema,
    createBody: testRunCreateRequestSchema,
    permission: (request) => {
      requireUser(request);
    },
    list: (request, query, page) => service.list(scopeOf(request), query, page),
    retrieve: (request, id) => service.retrieve(scopeOf(request), id),
    create: (request, body) => service.create(scopeOf(request), scopeOf(request).userId, body),
  });

  app.get(
    '/api/milestone-test-states/',
    {
      schema: {
        tags,
        summary:
          'Where each milestone of a project stands in its acceptance testing (its latest run)',
        querystring: milestoneTestStateQuerySchema,
        response: { 200: milestoneTestStateListSchema },
      },
      preValidation: async (request) => {
        requireUser(request);
      },
    },
    async (request) =>
      visibleOr404(await service.milestoneStates(scopeOf(request), request.query.project)),
  );

  registerResource(app, {
    name: 'test-run-results',
    tags,
    item: testRunResultSchema,
    updateBody: testRunResultUpdateRequestSchema,
    permission: (request) => {
      requireUser(request);
    },
    update: (request, id, body) => {
      const scope = scopeOf(request);
      return service.updateResult(scope, scope.userId, id, body);
    },
  });

  app.post(
    detailActionPath('test-runs', 'complete'),
    {
      schema: {
        tags,
        summary: 'Completes a run in progress (untested steps may remain); 409 otherwise',
        params: idParamsSchema,
        response: { 200: testRunSchema, 409: detailSchema },
      },
      preValidation: async (request) => {
        requireUser(request);
      },
    },
    async (request) => visibleOr404(await service.complete(scopeOf(request), request.params.id)),
  );

  app.post(
    detailActionPath('test-runs', 'sign-off'),
    {
      schema: {
        tags,
        summary:
          'The client signs a completed run off (typed name; a note when steps failed or are ' +
          'blocked). Client users only: staff and impersonation sessions get 403',
        params: idParamsSchema,
        body: testRunSignOffRequestSchema,
        response: { 200: testRunSchema, 409: detailSchema },
      },
      preValidation: async (request) => {
        requireClientSignature(request);
      },
    },
    async (request) => {
      const auth = requireClientSignature(request);
      const signed = await service.signOff(scopeOf(request), request.params.id, request.body, {
        userId: auth.user.id,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      app.ctx.mail.poke();
      return visibleOr404(signed);
    },
  );

  app.post(
    detailActionPath('test-run-results', 'attachments'),
    {
      schema: {
        tags,
        summary: 'Attaches one image (PNG, JPEG, GIF, WebP) or PDF of at most 10 MB (field `file`)',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 201: testRunAttachmentSchema, 409: detailSchema },
      },
      preValidation: async (request) => {
        requireUser(request);
      },
      preHandler: uploadLimit,
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const upload = await readUpload(request);
      const file = sniffAttachment(upload.body);
      const stored = await service.addAttachment(scope, scope.userId, request.params.id, {
        ...file,
        name: cleanFileName(upload.name, file.extension),
      });
      return reply.status(201).send(visibleOr404(stored));
    },
  );

  app.get(
    '/api/test-run-attachments/:id/',
    {
      schema: {
        tags,
        summary:
          'An attachment’s bytes: for a caller who may read the run, or through the signed ' +
          'link of its `url`',
        params: idParamsSchema,
        querystring: signedQuerySchema,
      },
    },
    async (request, reply) => {
      const { expires, signature } = request.query;
      const { id } = request.params;
      const signed =
        expires !== undefined && signature !== undefined && links.verify(id, expires, signature);
      const file = await service.attachment(signed ? null : scopeOf(request), id);
      if (!file) throw notFound();
      const name = encodeURIComponent(file.name);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `inline; filename*=UTF-8''${name}`)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
};
