import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  clientCreateRequestSchema,
  clientSchema,
  clientUpdateRequestSchema,
  clientUserCreateRequestSchema,
  clientUserListQuerySchema,
  clientUserSchema,
  SLUG_MAX_LENGTH,
} from '@portal/contract/clients';
import { requireStaff } from '../../http/auth';
import { registerResource } from '../../http/resource';
import { permissions } from '../../http/scope';
import { unscopedHandlers } from '../../http/service-handlers';
import { createClientUserService } from './client-users';
import { createClientService } from './service';

const slugKey = z.string().min(1).max(SLUG_MAX_LENGTH);

/** `clients` (by slug) and `client-users`: staff only (DESIGN §3). */
export const clientRoutes = async (app: FastifyInstance) => {
  const service = createClientService(app.ctx.db);
  const links = createClientUserService(app.ctx);

  registerResource(app, {
    name: 'clients',
    key: slugKey,
    item: clientSchema,
    createBody: clientCreateRequestSchema,
    updateBody: clientUpdateRequestSchema,
    permission: permissions.staffOnly,
    ...unscopedHandlers(service),
  });

  registerResource(app, {
    name: 'client-users',
    item: clientUserSchema,
    query: clientUserListQuerySchema,
    createBody: clientUserCreateRequestSchema,
    permission: permissions.staffOnly,
    list: (_request, query, page) => links.list(query, page),
    retrieve: (_request, id) => links.retrieve(id),
    create: (request, body) => links.add(body, requireStaff(request).user),
    destroy: (_request, id) => links.remove(id),
  });
};
