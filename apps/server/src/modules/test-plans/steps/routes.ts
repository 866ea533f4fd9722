import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  testFlowArraySchema,
  testStepCreateRequestSchema,
  testStepListQuerySchema,
  testStepMoveRequestSchema,
  testStepSchema,
  testStepUpdateRequestSchema,
} from '@portal/contract/test-plans';
import { requireUser } from '../../../http/auth';
import { registerResource } from '../../../http/resource';
import { scopeOf } from '../../../http/scope';
import { createTestStepService } from './service';

/** `test-steps`: read, written and moved by whoever may see the flow (see `test-flows`). */
export const testStepRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const service = createTestStepService(app.ctx.db);

  registerResource(app, {
    name: 'test-steps',
    item: testStepSchema,
    query: testStepListQuerySchema,
    createBody: testStepCreateRequestSchema,
    updateBody: testStepUpdateRequestSchema,
    permission: (request) => {
      requireUser(request);
    },
    list: (request, query, page) => service.list(scopeOf(request), query, page),
    retrieve: (request, id) => service.retrieve(scopeOf(request), id),
    create: (request, body) => service.create(scopeOf(request), body),
    update: (request, id, body) => service.update(scopeOf(request), id, body),
    destroy: (request, id) => service.destroy(scopeOf(request), id),
    move: {
      summary:
        'Move a step within its flow or into another flow of the milestone; answers the ' +
        'affected flows (source first, then target), each with its steps in their new order',
      body: testStepMoveRequestSchema,
      answer: testFlowArraySchema,
      run: (request, id, body) => service.move(scopeOf(request), id, body),
    },
  });
};
