import type { FastifyInstance } from 'fastify';
import {
  projectChildQuerySchema,
  projectNoteCreateRequestSchema,
  projectNoteSchema,
  projectNoteUpdateRequestSchema,
} from '@portal/contract/projects';
import { registerResource } from '../../../http/resource';
import { permissions, scopeOf } from '../../../http/scope';
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
    list: (request, query, page) => notes.list(scopeOf(request), query, page),
    retrieve: (request, id) => notes.retrieve(scopeOf(request), id),
    create: (request, body) => notes.create(scopeOf(request), body),
    update: (request, id, body) => notes.update(scopeOf(request), id, body),
    destroy: (request, id) => notes.destroy(scopeOf(request), id),
    restore: (request, id) => notes.restore(scopeOf(request), id),
  });
};
