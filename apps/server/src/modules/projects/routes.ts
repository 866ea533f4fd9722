import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SLUG_MAX_LENGTH } from '@portal/contract/clients';
import {
  projectArraySchema,
  projectCreateRequestSchema,
  projectListQuerySchema,
  projectSchema,
  projectUpdateRequestSchema,
} from '@portal/contract/projects';
import { requireUser } from '../../http/auth';
import { listActionPath, registerResource } from '../../http/resource';
import { permissions, scopeOf } from '../../http/scope';
import { scopedHandlers } from '../../http/service-handlers';
import { milestoneRoutes } from './milestones/routes';
import { projectNoteRoutes } from './notes/routes';
import { phaseRoutes } from './phases/routes';
import { createProjectService } from './service';

const slugKey = z.string().min(1).max(SLUG_MAX_LENGTH);

/**
 * `projects` (by slug) and everything under a project. Staff see all projects; anyone else
 * sees their clients' projects and nothing of others (lists filtered, details 404).
 */
export const projectRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const service = createProjectService(app.ctx.db);

  // A list action: static, so it wins over `/api/projects/{slug}/` ("all" is never a slug).
  app.get(
    listActionPath('projects', 'all'),
    {
      schema: {
        tags: ['projects'],
        summary: 'Every project the caller may see, as a plain array sorted by name',
        querystring: projectListQuerySchema,
        response: { 200: projectArraySchema },
      },
      preValidation: async (request) => {
        requireUser(request);
      },
    },
    async (request) => service.all(scopeOf(request), request.query),
  );

  registerResource(app, {
    name: 'projects',
    key: slugKey,
    item: projectSchema,
    query: projectListQuerySchema,
    createBody: projectCreateRequestSchema,
    updateBody: projectUpdateRequestSchema,
    permission: permissions.readSignedInWriteStaff,
    ...scopedHandlers(service),
  });

  await app.register(phaseRoutes);
  await app.register(projectNoteRoutes);
  await app.register(milestoneRoutes);
};
