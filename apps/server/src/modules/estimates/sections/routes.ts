import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  estimateSectionArraySchema,
  estimateSectionCreateRequestSchema,
  estimateSectionListQuerySchema,
  estimateSectionSchema,
  estimateSectionUpdateRequestSchema,
} from '@portal/contract/estimates';
import { moveRequestSchema } from '@portal/contract/ordering';
import { registerResource } from '../../../http/resource';
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
    move: {
      summary: "Move a section; answers the estimate's sections (with items) in their new order",
      body: moveRequestSchema,
      answer: estimateSectionArraySchema,
      run: (request, id, body) => service.move(scopeOf(request), id, body),
    },
  });
};
