import type { FastifyInstance } from 'fastify';
import { activityListQuerySchema, activitySchema } from '@portal/contract/activity';
import { requireUser } from '../../http/auth';
import { registerResource } from '../../http/resource';
import { scopeOf } from '../../http/scope';
import { createActivityService } from './service';

/** `GET /api/activity/`: read only; the service narrows it to what the caller may see. */
export const activityRoutes = async (app: FastifyInstance) => {
  const history = createActivityService(app.ctx.db);

  registerResource(app, {
    name: 'activity',
    item: activitySchema,
    query: activityListQuerySchema,
    permission: (request) => {
      requireUser(request);
    },
    list: (request, query, page) => history.list(scopeOf(request), query, page),
  });
};
