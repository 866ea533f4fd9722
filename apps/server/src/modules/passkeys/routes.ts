import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tokenResponseSchema } from '@portal/contract/auth';
import { idParamsSchema } from '@portal/contract/common';
import {
  passkeyCreateRequestSchema,
  passkeyListSchema,
  passkeyOptionsRequestSchema,
  passkeyOptionsResponseSchema,
  passkeyRenameRequestSchema,
  passkeySchema,
  passkeySignInRequestSchema,
} from '@portal/contract/passkeys';
import { requireOwnSession, requireUser } from '../../http/auth';
import { clientOf } from '../../http/client';
import { notFound } from '../../http/errors';
import { createPasskeyService } from './service';

const tags = ['passkeys'];

/** Passkeys (issue 27): the account's own, managed in its own session; signing in with one. */
export const passkeyRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const passkeys = createPasskeyService(app.ctx);

  app.get(
    '/api/passkeys/',
    {
      schema: { tags, summary: 'My passkeys', response: { 200: passkeyListSchema } },
      preValidation: requireOwnSession,
    },
    async (request) => passkeys.list(requireUser(request).user.id),
  );

  app.post(
    '/api/passkeys/registration-options/',
    {
      schema: {
        tags,
        summary: 'Options for the browser to create a passkey (after the password, if any)',
        body: passkeyOptionsRequestSchema,
        response: { 200: passkeyOptionsResponseSchema },
      },
      preValidation: requireOwnSession,
    },
    async (request) =>
      passkeys.registrationOptions(requireUser(request).user, request.body, clientOf(request)),
  );

  app.post(
    '/api/passkeys/',
    {
      schema: {
        tags,
        summary: 'Add the passkey the browser created',
        body: passkeyCreateRequestSchema,
        response: { 201: passkeySchema },
      },
      preValidation: requireOwnSession,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await passkeys.add(requireUser(request).user, request.body, clientOf(request))),
  );

  app.patch(
    '/api/passkeys/:id/',
    {
      schema: {
        tags,
        summary: 'Rename one of my passkeys',
        params: idParamsSchema,
        body: passkeyRenameRequestSchema,
        response: { 200: passkeySchema },
      },
      preValidation: requireOwnSession,
    },
    async (request) => {
      const renamed = await passkeys.rename(
        requireUser(request).user.id,
        request.params.id,
        request.body.name,
      );
      if (!renamed) throw notFound();
      return renamed;
    },
  );

  app.delete(
    '/api/passkeys/:id/',
    {
      schema: { tags, summary: 'Remove one of my passkeys', params: idParamsSchema },
      preValidation: requireOwnSession,
    },
    async (request, reply) => {
      if (!(await passkeys.remove(requireUser(request).user.id, request.params.id)))
        throw notFound();
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/token-auth/passkey-options/',
    {
      schema: {
        tags,
        security: [],
        summary: 'Options for the browser to sign in with a passkey',
        response: { 200: passkeyOptionsResponseSchema },
      },
    },
    async (request) => passkeys.signInOptions(clientOf(request)),
  );

  app.post(
    '/api/token-auth/passkey/',
    {
      schema: {
        tags,
        security: [],
        summary: 'Sign in with a passkey (no password, no code: the passkey is both)',
        body: passkeySignInRequestSchema,
        response: { 200: tokenResponseSchema },
      },
    },
    async (request) => passkeys.signIn(request.body, clientOf(request)),
  );
};
