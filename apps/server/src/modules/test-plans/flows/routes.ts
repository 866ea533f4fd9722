import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moveRequestSchema } from '@portal/contract/ordering';
import {
  testFlowArraySchema,
  testFlowCreateRequestSchema,
  testFlowListQuerySchema,
  testFlowSchema,
  testFlowUpdateRequestSchema,
} from '@portal/contract/test-plans';
import { requireUser } from '../../../http/auth';
import { registerResource } from '../../../http/resource';
import { scopeOf } from '../../../http/scope';
import { createTestFlowService } from './service';

/**
 * `test-flows`: read and written by staff and by members of the milestone's client (the service
 * scopes every call, so anyone else finds nothing: 404, filtered lists, 400 on a reference).
 */
export const testFlowRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const service = createTestFlowService(app.ctx.db);

  registerResource(app, {
    name: 'test-flows',
    item: testFlowSchema,
    query: testFlowListQuerySchema,
    createBody: testFlowCreateRequestSchema,
    updateBody: testFlowUpdateRequestSchema,
    permission: (request) => {
      requireUser(request);
    },
    list: (request, query, page) => service.list(scopeOf(request), query, page),
    retrieve: (request, id) => service.retrieve(scopeOf(request), id),
    create: (request, body) => service.create(scopeOf(request), body),
    update: (request, id, body) => service.update(scopeOf(request), id, body),
    destroy: (request, id) => service.destroy(scopeOf(request), id),
    move: {
      summary: "Move a flow; answers the milestone's flows (with steps) in their new order",
      body: moveRequestSchema,
      answer: testFlowArraySchema,
      run: (request, id, body) => service.move(scopeOf(request), id, body),
    },
  });
};
