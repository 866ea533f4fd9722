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
import { defineOrderedResource } from '../../../http/ordered-resource';
import { permissions } from '../../../http/scope';
import { createEstimateSectionService } from './service';

/** `estimate-sections`: read as the estimate, written and reordered by staff. */
export const estimateSectionRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const service = createEstimateSectionService(app.ctx.db);

  defineOrderedResource(app, {
    name: 'estimate-sections',
    schemas: {
      item: estimateSectionSchema,
      query: estimateSectionListQuerySchema,
      create: estimateSectionCreateRequestSchema,
      update: estimateSectionUpdateRequestSchema,
      move: moveRequestSchema,
      moved: estimateSectionArraySchema,
      moveSummary:
        "Move a section; answers the estimate's sections (with items) in their new order",
    },
    permission: permissions.readSignedInWriteStaff,
    service,
  });
};
