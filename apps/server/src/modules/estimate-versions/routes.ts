import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { idParamsSchema } from '@portal/contract/common';
import {
  estimateLatestVersionArraySchema,
  estimateSendRequestSchema,
  estimateVersionApproveRequestSchema,
  estimateVersionListQuerySchema,
  estimateVersionRequestChangesRequestSchema,
  estimateVersionSchema,
  versionFileName,
} from '@portal/contract/estimate-versions';
import { readerZone, requireStaff, requireUser } from '../../http/auth';
import { permissionDenied } from '../../http/errors';
import { detailActionPath, listActionPath, registerResource } from '../../http/resource';
import { permissions, scopeOf, visibleOr404 } from '../../http/scope';
import { createEstimateVersionService, type Decision } from './service';
import { readStudioRow } from '../../studio/source';

const tags = ['estimate-versions'];

/**
 * A decision is a client user's own: staff may not decide for a client, and neither may staff
 * signed in as one (an impersonation token), since the signature must be the person's.
 */
const requireDecider = (request: FastifyRequest) => {
  const auth = requireUser(request);
  if (auth.user.isSuperuser || auth.impersonatorId !== null) throw permissionDenied();
};

/**
 * Sending an estimate (`POST /api/estimates/{id}/send/`) and its versions: staff read all and
 * send; a client user reads the versions of their clients' estimates and decides on them.
 */
export const estimateVersionRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const service = createEstimateVersionService(app.ctx);

  app.post(
    detailActionPath('estimates', 'send'),
    {
      schema: {
        tags,
        summary: 'Freeze the estimate into a new version and email it to the client (staff)',
        params: idParamsSchema,
        body: estimateSendRequestSchema,
        response: { 201: estimateVersionSchema },
      },
      preValidation: async (request) => {
        requireStaff(request);
      },
    },
    async (request, reply) => {
      const version = await service.send(
        scopeOf(request),
        request.params.id,
        request.body.message ?? '',
      );
      return reply.status(201).send(visibleOr404(version));
    },
  );

  app.get(
    listActionPath('estimate-versions', 'latest'),
    {
      schema: {
        tags,
        summary: 'The newest version number and status of each estimate in scope',
        response: { 200: estimateLatestVersionArraySchema },
      },
      preValidation: async (request) => {
        requireUser(request);
      },
    },
    async (request) => service.latest(scopeOf(request)),
  );

  registerResource(app, {
    name: 'estimate-versions',
    tags,
    item: estimateVersionSchema,
    query: estimateVersionListQuerySchema,
    permission: permissions.readSignedInWriteStaff,
    list: (request, query, page) => service.list(scopeOf(request), query, page),
    retrieve: (request, id) => service.retrieve(scopeOf(request), id),
  });

  /** The stored logo's bytes for the letterhead; a missing file prints the name instead. */
  const studioLogo = async (request: FastifyRequest) => {
    const { logo } = await readStudioRow(app.ctx.db, app.ctx.config);
    if (!logo) return null;
    try {
      const file = await app.ctx.storage.get(logo);
      if (!file) return null;
      const parts: Buffer[] = [];
      for await (const chunk of file.body) parts.push(chunk as Buffer);
      return Buffer.concat(parts);
    } catch (error) {
      // The storage is away: the letterhead prints the name rather than failing the download.
      request.log.warn({ err: error, key: logo }, 'studio logo not read for a PDF');
      return null;
    }
  };

  app.get(
    detailActionPath('estimate-versions', 'pdf'),
    {
      schema: {
        tags,
        summary: 'The version as a PDF document (whoever may read the version)',
        params: idParamsSchema,
      },
      preValidation: async (request) => {
        requireUser(request);
      },
    },
    async (request, reply) => {
      const found = visibleOr404(await service.withContext(scopeOf(request), request.params.id));
      const studio = await app.ctx.studio.current();
      // PDFKit and its fonts are read by the first PDF, not at start (decision 0052).
      const { renderVersionPdf } = await import('./pdf');
      const pdf = await renderVersionPdf({
        studio,
        logo: await studioLogo(request),
        clientName: found.estimate.clientName,
        projectName: found.estimate.projectName,
        version: found.version,
        zone: readerZone(request),
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${versionFileName(found.version)}"`)
        .send(pdf);
    },
  );

  // Approve and request changes: the same guard and answer, each its own body and decision.
  const decisionRoute = <Body extends z.ZodObject>(
    action: string,
    summary: string,
    body: Body,
    decision: (request: FastifyRequest, body: z.infer<Body>) => Decision,
  ) =>
    app.post(
      detailActionPath('estimate-versions', action),
      {
        schema: {
          tags,
          summary,
          params: idParamsSchema,
          body,
          response: { 200: estimateVersionSchema },
        },
        preValidation: async (request) => {
          requireDecider(request);
        },
      },
      async (request) =>
        service.decide(
          scopeOf(request),
          request.params.id,
          decision(request, request.body as z.infer<Body>),
          readerZone(request),
        ),
    );

  decisionRoute(
    'approve',
    'Approve a sent version with a typed signature (a client user of its client)',
    estimateVersionApproveRequestSchema,
    (request, body) => ({
      status: 'approved',
      signatureName: body.signature_name,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    }),
  );
  decisionRoute(
    'request-changes',
    'Ask for changes to a sent version (a client user of its client)',
    estimateVersionRequestChangesRequestSchema,
    (_request, body) => ({ status: 'changes_requested', note: body.note }),
  );
};
