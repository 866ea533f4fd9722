import type { FastifyInstance } from 'fastify';
import {
  projectChildQuerySchema,
  projectNoteCreateRequestSchema,
  projectNoteSchema,
  projectNoteUpdateRequestSchema,
} from '@portal/contract/projects';
import { registerResource } from '../../../http/resource';
import { permissions, scopeOf } from '../../../http/scope';
import { scopedHandlers } from '../../../http/service-handlers';
import { createProjectNoteService } from './service';

/** `project-notes`: read as the project, written by staff. */
export const projectNoteRoutes = async (app: FastifyInstance) => {
  const notes = createProjectNoteService(app.ctx.db);

  registerResource(app, {
    name: 'project-notes',
    item: projectNoteSchema,
    query: projectChildQuerySchema,
    createBody: projectNoteCreateRequestSchema,
    updateBody: projectNoteUpdateRequestSchema,
    permission: permissions.readSignedInWriteStaff,
    ...scopedHandlers(notes),
    restore: (request, id) => notes.restore(scopeOf(request), id),
  });
};
