import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@portal/contract/common';
import {
  estimateSectionArraySchema,
  estimateSectionCreateRequestSchema,
  estimateSectionListQuerySchema,
  estimateSectionSchema,
  estimateSectionUpdateRequestSchema,
} from '@portal/contract/estimates';
import { moveRequestSchema } from '@portal/contract/ordering';
import { requireStaff } from '../../../http/auth';
import { notFound } from '../../../http/errors';
import { detailActionPath, registerResource } from '../../../http/resource';
import { permissions, scopeOf } from '../../../http/scope';
import { createEstimateSectionService } from './service';

/** `estimate-sections`: read as the estimate, written and reordered by staff. */
export const estimateSectionRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const service = createEstimateSectionService(app.ctx.db);

  registerResource(app, {
    name: 'estimate-sections',
    item: estimateSectionSchema,
    query: estimateSectionListQuerySchema,
    createBody: estimateSectionCreateRequestSchema,
    updateBody: estimateSectionUpdateRequestSchema,
    permission: permissions.readSignedInWriteStaff,
    list: (request, query, page) => service.list(scopeOf(request), query, page),
    retrieve: (request, id) => service.retrieve(scopeOf(request), id),
    create: (request, body) => service.create(scopeOf(request), body),
    update: (request, id, body) => service.update(scopeOf(request), id, body),
    destroy: (request, id) => service.destroy(scopeOf(request), id),
  });

  app.post(
    detailActionPath('estimate-sections', 'move'),
    {
      schema: {
        tags: ['estimate-sections'],
        summary: "Move a section; answers the estimate's sections (with items) in their new order",
        params: idParamsSchema,
        body: moveRequestSchema,
        response: { 200: estimateSectionArraySchema },
      },
      preValidation: async (request) => {
        requireStaff(request);
      },
    },
    async (request) => {
      const moved = await service.move(scopeOf(request), request.params.id, request.body);
      if (!moved) throw notFound();
      return moved;
    },
  );
};
