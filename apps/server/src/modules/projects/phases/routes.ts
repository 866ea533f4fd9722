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
import { permissions, scopeOf } from '../../../http/scope';
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
    list: (_request, _query, page) => phases.list(page),
    retrieve: (_request, id) => phases.retrieve(id),
    create: (_request, body) => phases.create(body),
    update: (_request, id, body) => phases.update(id, body),
    destroy: (_request, id) => phases.destroy(id),
  });

  registerResource(app, {
    name: 'project-phases',
    item: projectPhaseSchema,
    query: projectChildQuerySchema,
    createBody: projectPhaseCreateRequestSchema,
    updateBody: projectPhaseUpdateRequestSchema,
    permission: permissions.readSignedInWriteStaff,
    list: (request, query, page) => projectPhases.list(scopeOf(request), query, page),
    retrieve: (request, id) => projectPhases.retrieve(scopeOf(request), id),
    create: (request, body) => projectPhases.create(scopeOf(request), body),
    update: (request, id, body) => projectPhases.update(scopeOf(request), id, body),
    destroy: (request, id) => projectPhases.destroy(scopeOf(request), id),
  });
};
