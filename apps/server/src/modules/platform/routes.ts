import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfigSchema, type PublicConfig } from '@portal/contract/config';

export const configRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { config, studio } = app.ctx;
  const google = config.google
    ? { client_id: config.google.clientId, auth_url: config.google.authUrl }
    : null;
  app.get(
    '/api/config/',
    { schema: { tags: ['config'], security: [], response: { 200: publicConfigSchema } } },
    // The name stays here for older clients; the brand itself is `GET /api/studio/`.
    async (): Promise<PublicConfig> => ({
      // Without the database (a fresh process during an outage) the configured name will do.
      portal_name: (await studio.current().catch(() => null))?.name ?? config.portalName,
      google,
    }),
  );
};
