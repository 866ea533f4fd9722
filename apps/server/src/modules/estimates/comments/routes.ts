import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  estimateItemCommentCreateRequestSchema,
  estimateItemCommentListQuerySchema,
  estimateItemCommentSchema,
} from '@portal/contract/estimates';
import { requireUser } from '../../../http/auth';
import { registerResource } from '../../../http/resource';
import { scopeOf } from '../../../http/scope';
import { createEstimateItemCommentService } from './service';

/**
 * `estimate-item-comments`: any signed-in user may try; the service keeps each to the items of
 * their clients' estimates (staff: all) and deletions (and their Undo) to the author or staff. No updates.
 */
export const estimateItemCommentRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const service = createEstimateItemCommentService(app.ctx.db);

  registerResource(app, {
    name: 'estimate-item-comments',
    item: estimateItemCommentSchema,
    query: estimateItemCommentListQuerySchema,
    createBody: estimateItemCommentCreateRequestSchema,
    permission: (request) => {
      requireUser(request);
    },
    list: (request, query, page) => service.list(scopeOf(request), query, page),
    retrieve: (request, id) => service.retrieve(scopeOf(request), id),
    create: (request, body) => service.create(scopeOf(request), requireUser(request), body),
    destroy: (request, id) => service.destroy(scopeOf(request), requireUser(request), id),
    restore: (request, id) => service.restore(scopeOf(request), requireUser(request), id),
  });
};
