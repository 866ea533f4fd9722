import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/routes';
import { clientRoutes } from './clients/routes';
import { configRoutes } from './platform/routes';
import { socialRoutes } from './social/routes';
import { userRoutes } from './users/routes';

/** Every feature module's routes; each later area adds one line here. */
export const registerModules = async (app: FastifyInstance) => {
  await app.register(configRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(socialRoutes);
  await app.register(clientRoutes);
};
