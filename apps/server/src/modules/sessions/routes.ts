import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@portal/contract/common';
import { sessionListSchema } from '@portal/contract/sessions';
import { requireOwnSession, requireUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { endOtherSessions, endSession, listSessions } from './service';

const tags = ['sessions'];

export const sessionRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/api/sessions/',
    {
      schema: {
        tags,
        summary: 'My sessions (never their tokens)',
        response: { 200: sessionListSchema },
      },
      preValidation: requireOwnSession,
    },
    async (request) => {
      const { user, tokenId } = requireUser(request);
      return listSessions(db, user.id, tokenId);
    },
  );

  app.delete(
    '/api/sessions/:id/',
    {
      schema: {
        tags,
        summary: 'End one of my sessions, everywhere at once',
        params: idParamsSchema,
      },
      preValidation: requireOwnSession,
    },
    async (request, reply) => {
      // Another person's session does not exist for the caller.
      if (!(await endSession(db, requireUser(request).user.id, request.params.id)))
        throw notFound();
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/sessions/sign-out-others/',
    {
      schema: { tags, summary: 'End every one of my sessions but this one' },
      preValidation: requireOwnSession,
    },
    async (request, reply) => {
      const { user, tokenId } = requireUser(request);
      await endOtherSessions(db, user.id, tokenId);
      return reply.status(204).send();
    },
  );
};
