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
import { defineOrderedResource } from '../../../http/ordered-resource';
import { createTestStepService } from './service';

/** `test-steps`: read, written and moved by whoever may see the flow (see `test-flows`). */
export const testStepRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const service = createTestStepService(app.ctx.db);

  defineOrderedResource(app, {
    name: 'test-steps',
    schemas: {
      item: testStepSchema,
      query: testStepListQuerySchema,
      create: testStepCreateRequestSchema,
      update: testStepUpdateRequestSchema,
      move: testStepMoveRequestSchema,
      moved: testFlowArraySchema,
      moveSummary:
        'Move a step within its flow or into another flow of the milestone; answers the ' +
        'affected flows (source first, then target), each with its steps in their new order',
    },
    permission: (request) => {
      requireUser(request);
    },
    service,
  });
};
