import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailRequestSchema,
  loginRequestSchema,
  passwordChangeRequestSchema,
  passwordChangeResponseSchema,
  passwordResetConfirmRequestSchema,
  signUpRequestSchema,
  tokenResponseSchema,
  verifyEmailRequestSchema,
} from '@portal/contract/auth';
import { detailSchema } from '@portal/contract/common';
import { userSchema } from '@portal/contract/users';
import { requireOwnSession, requireUser } from '../../http/auth';
import { clientOf } from '../../http/client';
import { permissionDenied } from '../../http/errors';
import { createAuthService } from './service';

const tags = ['auth'];
const anonymous = { tags, security: [] };

/** Sign-up is for visitors; a signed-in caller (or someone impersonating) is refused first. */
const forbidSignedIn = async (request: FastifyRequest) => {
  if (request.auth) throw permissionDenied();
};

export const authRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const auth = createAuthService(app.ctx);

  app.post(
    '/api/token-auth/',
    {
      schema: {
        ...anonymous,
        summary: 'Sign in with email and password',
        body: loginRequestSchema,
        response: { 200: tokenResponseSchema },
      },
    },
    async (request) => auth.login(request.body, clientOf(request)),
  );

  app.post(
    '/api/token-auth/logout/',
    { schema: { tags, summary: 'Sign out this session (ends an impersonation)' } },
    async (request, reply) => {
      await auth.logout(requireUser(request).tokenId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/token-auth/logoutall/',
    {
      schema: { tags, summary: 'Sign out every session of the user' },
      preValidation: requireOwnSession,
    },
    async (request, reply) => {
      await auth.logoutAll(requireUser(request).user.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/users/',
    {
      schema: {
        ...anonymous,
        summary: 'Sign up; sends a verification email',
        body: signUpRequestSchema,
        response: { 201: userSchema },
      },
      preValidation: forbidSignedIn,
    },
    async (request, reply) => reply.status(201).send(await auth.signUp(request.body, request.ip)),
  );

  app.post(
    '/api/verify-email/',
    {
      schema: {
        ...anonymous,
        summary: 'Verify an email address from the emailed link',
        body: verifyEmailRequestSchema,
        response: { 200: detailSchema },
      },
    },
    async (request) => auth.verifyEmail(request.body),
  );

  app.post(
    '/api/resend-verify-email/',
    {
      schema: {
        ...anonymous,
        summary: 'Send the verification email again',
        body: emailRequestSchema,
        response: { 200: detailSchema },
      },
    },
    async (request) => auth.resendVerification(request.body.email, request.ip),
  );

  app.post(
    '/api/password-reset/',
    {
      schema: {
        ...anonymous,
        summary: 'Email a password reset link',
        body: emailRequestSchema,
        response: { 200: detailSchema },
      },
    },
    async (request) => auth.requestPasswordReset(request.body.email, request.ip),
  );

  app.post(
    '/api/password-reset-confirm/',
    {
      schema: {
        ...anonymous,
        summary: 'Set a new password from the emailed link',
        body: passwordResetConfirmRequestSchema,
        response: { 200: detailSchema },
      },
    },
    async (request) => auth.confirmPasswordReset(request.body),
  );

  app.post(
    '/api/password-change/',
    {
      schema: {
        tags,
        summary: 'Change the password; answers a new token and ends every other session',
        body: passwordChangeRequestSchema,
        response: { 200: passwordChangeResponseSchema },
      },
      preValidation: requireOwnSession,
    },
    async (request) =>
      auth.changePassword(requireUser(request).user, request.body, clientOf(request)),
  );
};
