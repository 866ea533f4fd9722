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
import { registerResource } from '../../../http/resource';
import { permissions, scopeOf } from '../../../http/scope';
import { createEstimateItemService } from './service';

/** `estimate-items`: read as the estimate, written and moved by staff. */
export const estimateItemRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const service = createEstimateItemService(app.ctx.db);

  registerResource(app, {
    name: 'estimate-items',
    item: estimateItemSchema,
    query: estimateItemListQuerySchema,
    createBody: estimateItemCreateRequestSchema,
    updateBody: estimateItemUpdateRequestSchema,
    permission: permissions.readSignedInWriteStaff,
    list: (request, query, page) => service.list(scopeOf(request), query, page),
    retrieve: (request, id) => service.retrieve(scopeOf(request), id),
    create: (request, body) => service.create(scopeOf(request), body),
    update: (request, id, body) => service.update(scopeOf(request), id, body),
    destroy: (request, id) => service.destroy(scopeOf(request), id),
    move: {
      summary:
        'Move an item within its section or into another; answers the affected sections ' +
        '(source first, then target), each with its items in their new order',
      body: estimateItemMoveRequestSchema,
      answer: estimateSectionArraySchema,
      run: (request, id, body) => service.move(scopeOf(request), id, body),
    },
  });
};
