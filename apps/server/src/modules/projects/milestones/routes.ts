import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  milestoneArraySchema,
  milestoneCreateRequestSchema,
  milestoneListQuerySchema,
  milestoneSchema,
  milestoneUpdateRequestSchema,
} from '@portal/contract/milestones';
import { moveRequestSchema } from '@portal/contract/ordering';
import { registerResource } from '../../../http/resource';
import { permissions, scopeOf } from '../../../http/scope';
import { createMilestoneService } from './service';

/** `milestones`: read as the project, written and reordered by staff. */
export const milestoneRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const service = createMilestoneService(app.ctx.db);

  registerResource(app, {
    name: 'milestones',
    item: milestoneSchema,
    query: milestoneListQuerySchema,
    createBody: milestoneCreateRequestSchema,
    updateBody: milestoneUpdateRequestSchema,
    permission: permissions.readSignedInWriteStaff,
    list: (request, query, page) => service.list(scopeOf(request), query, page),
    retrieve: (request, id) => service.retrieve(scopeOf(request), id),
    create: (request, body) => service.create(scopeOf(request), body),
    update: (request, id, body) => service.update(scopeOf(request), id, body),
    destroy: (request, id) => service.destroy(scopeOf(request), id),
    move: {
      summary: "Move a milestone; answers the project's milestones in their new order",
      body: moveRequestSchema,
      answer: milestoneArraySchema,
      run: (request, id, body) => service.move(scopeOf(request), id, body),
    },
  });
};
