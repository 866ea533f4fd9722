import type { FastifyInstance } from 'fastify';
import {
  phaseSchema,
  phaseWriteRequestSchema,
  projectChildQuerySchema,
  projectPhaseCreateRequestSchema,
  projectPhaseSchema,
  projectPhaseUpdateRequestSchema,
} from '@portal/contract/projects';
import { registerResource } from '../../../http/resource';
import { permissions } from '../../../http/scope';
import { scopedHandlers, unscopedHandlers } from '../../../http/service-handlers';
import { createPhaseService, createProjectPhaseService } from './service';

/** `phases` (the studio's list, read by everyone signed in) and `project-phases` (as project). */
export const phaseRoutes = async (app: FastifyInstance) => {
  const phases = createPhaseService(app.ctx.db);
  const projectPhases = createProjectPhaseService(app.ctx.db);

  registerResource(app, {
    name: 'phases',
    item: phaseSchema,
    createBody: phaseWriteRequestSchema,
    updateBody: phaseWriteRequestSchema,
    permission: permissions.readSignedInWriteStaff,
    ...unscopedHandlers(phases),
  });

  registerResource(app, {
    name: 'project-phases',
    item: projectPhaseSchema,
    query: projectChildQuerySchema,
    createBody: projectPhaseCreateRequestSchema,
    updateBody: projectPhaseUpdateRequestSchema,
    permission: permissions.readSignedInWriteStaff,
    ...scopedHandlers(projectPhases),
  });
};
