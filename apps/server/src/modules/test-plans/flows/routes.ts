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
import { defineOrderedResource } from '../../../http/ordered-resource';
import { createTestFlowService } from './service';

/**
 * `test-flows`: read and written by staff and by members of the milestone's client (the service
 * scopes every call, so anyone else finds nothing: 404, filtered lists, 400 on a reference).
 */
export const testFlowRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const service = createTestFlowService(app.ctx.db);

  defineOrderedResource(app, {
    name: 'test-flows',
    schemas: {
      item: testFlowSchema,
      query: testFlowListQuerySchema,
      create: testFlowCreateRequestSchema,
      update: testFlowUpdateRequestSchema,
      move: moveRequestSchema,
      moved: testFlowArraySchema,
      moveSummary: "Move a flow; answers the milestone's flows (with steps) in their new order",
    },
    permission: (request) => {
      requireUser(request);
    },
    service,
  });
};
