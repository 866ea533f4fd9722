import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { googleLoginRequestSchema, tokenResponseSchema } from '@portal/contract/auth';
import { clientOf } from '../../http/client';
import { nonFieldError } from '../../http/errors';
import { createThrottle, loginFailures } from '../../http/throttle';
import { tokenResponse } from '../auth/tokens';
import { fetchGoogleProfile, GOOGLE_MESSAGES, GoogleSignInError } from './google';
import { signInWithGoogle } from './service';

export const socialRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app.ctx;
  const throttle = createThrottle(db, config.throttle);

  app.post(
    '/api/social-auth/google-oauth2/',
    {
      schema: {
        tags: ['auth'],
        security: [],
        body: googleLoginRequestSchema,
        response: { 200: tokenResponseSchema },
      },
    },
    async (request) => {
      if (!config.google) throw nonFieldError(GOOGLE_MESSAGES.notConfigured);
      const profile = await fetchGoogleProfile(config.google, request.body).catch(
        (error: unknown) => {
          if (!(error instanceof GoogleSignInError)) throw error;
          request.log.warn({ detail: error.detail }, 'Google sign-in refused');
          throw nonFieldError(error.message);
        },
      );
      if (!profile.emailVerified) throw nonFieldError(GOOGLE_MESSAGES.unverified);
      const session = await signInWithGoogle(db, profile, {
        ttlMs: config.tokenIdleMs,
        client: clientOf(request),
        secretKey: config.secretKey,
        otp: request.body.otp,
        onWrongCode: (account) => throttle.hitAll(loginFailures(account.email, request.ip)),
      });
      return tokenResponse(session, config.publicUrl);
    },
  );
};
