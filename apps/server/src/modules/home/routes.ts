import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { homeSchema, searchQuerySchema, searchResponseSchema } from '@portal/contract/home';
import { requireUser } from '../../http/auth';
import { scopeOf } from '../../http/scope';
import { createSearchService } from './search';
import { createHomeService } from './service';

/**
 * `GET /api/home/` and `GET /api/search/` (issue 19): any signed-in user, each answer scoped
 * to what the caller's lists show them; a visitor gets 401.
 */
export const homeRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const home = createHomeService(app.ctx.db);
  const search = createSearchService(app.ctx.db);
  const signedIn = {
    preValidation: async (request: Parameters<typeof requireUser>[0]) => {
      requireUser(request);
    },
  };

  app.get(
    '/api/home/',
    {
      schema: {
        tags: ['home'],
        summary: 'What needs the caller’s attention: counts and the newest entries of each kind',
        response: { 200: homeSchema },
      },
      ...signedIn,
    },
    async (request) => home.home(scopeOf(request)),
  );

  app.get(
    '/api/search/',
    {
      schema: {
        tags: ['home'],
        summary: 'Clients, projects, estimates, leads and milestones whose name matches `q`',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema },
      },
      ...signedIn,
    },
    async (request) => search.search(scopeOf(request), request.query.q),
  );
};
