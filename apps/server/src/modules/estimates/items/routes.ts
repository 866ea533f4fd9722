import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  estimateItemCreateRequestSchema,
  estimateItemListQuerySchema,
  estimateItemMoveRequestSchema,
  estimateItemSchema,
  estimateItemUpdateRequestSchema,
  estimateSectionArraySchema,
} from '@portal/contract/estimates';
import { defineOrderedResource } from '../../../http/ordered-resource';
import { permissions } from '../../../http/scope';
import { createEstimateItemService } from './service';

/** `estimate-items`: read as the estimate, written and moved by staff. */
export const estimateItemRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const service = createEstimateItemService(app.ctx.db);

  defineOrderedResource(app, {
    name: 'estimate-items',
    schemas: {
      item: estimateItemSchema,
      query: estimateItemListQuerySchema,
      create: estimateItemCreateRequestSchema,
      update: estimateItemUpdateRequestSchema,
      move: estimateItemMoveRequestSchema,
      moved: estimateSectionArraySchema,
      moveSummary:
        'Move an item within its section or into another; answers the affected sections ' +
        '(source first, then target), each with its items in their new order',
    },
    permission: permissions.readSignedInWriteStaff,
    service,
  });
};
