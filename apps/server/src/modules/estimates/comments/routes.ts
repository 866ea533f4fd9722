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
import { personalLimit } from '../../../http/throttle';
import { createEstimateItemCommentService } from './service';

/**
 * `estimate-item-comments`: any signed-in user may try; the service keeps each to the items of
 * their clients' estimates (staff: all) and deletions (and their Undo) to the author or staff. No updates.
 */
export const estimateItemCommentRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const service = createEstimateItemCommentService(app.ctx.db);
  // Each comment mails the estimate's followers: a person's comments are limited (issue 27).
  const commentLimit = personalLimit(app.ctx.db, app.ctx.config.throttle, 'comments');

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
    create: async (request, body) => {
      await commentLimit(request);
      return service.create(scopeOf(request), requireUser(request), body);
    },
    destroy: (request, id) => service.destroy(scopeOf(request), requireUser(request), id),
    restore: (request, id) => service.restore(scopeOf(request), requireUser(request), id),
  });
};
