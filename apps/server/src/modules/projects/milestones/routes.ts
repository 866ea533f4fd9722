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
import { defineOrderedResource } from '../../../http/ordered-resource';
import { permissions } from '../../../http/scope';
import { createMilestoneService } from './service';

/** `milestones`: read as the project, written and reordered by staff. */
export const milestoneRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const service = createMilestoneService(app.ctx.db);

  defineOrderedResource(app, {
    name: 'milestones',
    schemas: {
      item: milestoneSchema,
      query: milestoneListQuerySchema,
      create: milestoneCreateRequestSchema,
      update: milestoneUpdateRequestSchema,
      move: moveRequestSchema,
      moved: milestoneArraySchema,
      moveSummary: "Move a milestone; answers the project's milestones in their new order",
    },
    permission: permissions.readSignedInWriteStaff,
    service,
  });
};
