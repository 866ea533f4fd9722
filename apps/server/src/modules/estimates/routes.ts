import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  estimateCreateRequestSchema,
  estimateDetailSchema,
  estimateListQuerySchema,
  estimateListSchema,
  estimateUpdateRequestSchema,
} from '@portal/contract/estimates';
import { pageQuerySchema } from '@portal/contract/common';
import { pageResponse, pageWindow } from '../../http/pagination';
import { registerResource } from '../../http/resource';
import { permissions, scopeOf } from '../../http/scope';
import { estimateItemCommentRoutes } from './comments/routes';
import { estimateItemRoutes } from './items/routes';
import { estimateSectionRoutes } from './sections/routes';
import { createEstimateService } from './service';

/**
 * `estimates` and everything under one. Staff see and write all; members read their clients'
 * estimates (and comment on their items); anyone else finds nothing (lists filtered, 404).
 */
export const estimateRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const service = createEstimateService(app.ctx.db);

  // The list answers estimates without their sections, so it is declared here; the rest of the
  // resource answers the detail (sections and totals) through the generic resource.
  const query = estimateListQuerySchema.extend(pageQuerySchema.shape);
  app.get(
    '/api/estimates/',
    {
      schema: {
        tags: ['estimates'],
        summary: 'Estimates in scope, by name; `?project=` narrows to one project',
        querystring: query,
        response: { 200: estimateListSchema },
      },
      preValidation: async (request) => {
        await permissions.readSignedInWriteStaff(request, 'list');
      },
    },
    async (request) => {
      const { count, window, rows } = await service.list(scopeOf(request), request.query, (total) =>
        pageWindow(request.query, total),
      );
      return pageResponse(request, window, count, rows);
    },
  );

  registerResource(app, {
    name: 'estimates',
    item: estimateDetailSchema,
    createBody: estimateCreateRequestSchema,
    updateBody: estimateUpdateRequestSchema,
    permission: permissions.readSignedInWriteStaff,
    retrieve: (request, id) => service.retrieveJson(scopeOf(request), id),
    create: (request, body) => service.create(scopeOf(request), body),
    update: (request, id, body) => service.update(scopeOf(request), id, body),
    destroy: (request, id) => service.destroy(scopeOf(request), id),
  });

  await app.register(estimateSectionRoutes);
  await app.register(estimateItemRoutes);
  await app.register(estimateItemCommentRoutes);
};
