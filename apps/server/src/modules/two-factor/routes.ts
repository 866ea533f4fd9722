import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  recoveryCodesRequestSchema,
  recoveryCodesResponseSchema,
  totpConfirmRequestSchema,
  totpSetupResponseSchema,
  twoFactorDisableRequestSchema,
  twoFactorStatusSchema,
} from '@portal/contract/two-factor';
import { requireOwnSession, requireUser } from '../../http/auth';
import { clientOf } from '../../http/client';
import { createTwoFactorService } from './service';

const tags = ['two-factor'];

export const twoFactorRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const service = createTwoFactorService(app.ctx);
  const me = (request: FastifyRequest) => requireUser(request).user;

  app.get(
    '/api/two-factor/',
    {
      schema: {
        tags,
        summary: 'Whether two-factor is on, and recovery codes left',
        response: { 200: twoFactorStatusSchema },
      },
      preValidation: requireOwnSession,
    },
    async (request) => service.status(me(request)),
  );

  app.post(
    '/api/two-factor/totp/setup/',
    {
      schema: {
        tags,
        summary: 'A new authenticator secret, waiting for its first code',
        response: { 200: totpSetupResponseSchema },
      },
      preValidation: requireOwnSession,
    },
    async (request) => service.setup(me(request)),
  );

  app.post(
    '/api/two-factor/totp/confirm/',
    {
      schema: {
        tags,
        summary: 'Turn two-factor on with the first code; answers ten recovery codes, once',
        body: totpConfirmRequestSchema,
        response: { 200: recoveryCodesResponseSchema },
      },
      preValidation: requireOwnSession,
    },
    async (request) => service.confirm(me(request), request.body.code, clientOf(request)),
  );

  app.post(
    '/api/two-factor/disable/',
    {
      schema: {
        tags,
        summary: 'Turn two-factor off (password and a code)',
        body: twoFactorDisableRequestSchema,
      },
      preValidation: requireOwnSession,
    },
    async (request, reply) => {
      await service.disable(me(request), request.body, clientOf(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/two-factor/recovery-codes/',
    {
      schema: {
        tags,
        summary: 'Ten new recovery codes for a code from the app; the old ones stop working',
        body: recoveryCodesRequestSchema,
        response: { 200: recoveryCodesResponseSchema },
      },
      preValidation: requireOwnSession,
    },
    async (request) => service.regenerate(me(request), request.body.code, clientOf(request)),
  );
};
