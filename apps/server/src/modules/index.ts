import type { FastifyInstance } from 'fastify';
import { activityRoutes } from './activity/routes';
import { authRoutes } from './auth/routes';
import { canvasRoutes } from './canvas/routes';
import { clientRoutes } from './clients/routes';
import { estimateVersionRoutes } from './estimate-versions/routes';
import { estimateRoutes } from './estimates/routes';
import { homeRoutes } from './home/routes';
import { leadRoutes } from './leads/routes';
import { notificationRoutes } from './notifications/routes';
import { configRoutes } from './platform/routes';
import { projectRoutes } from './projects/routes';
import { socialRoutes } from './social/routes';
import { studioRoutes } from './studio/routes';
import { testPlanRoutes } from './test-plans/routes';
import { testRunRoutes } from './test-runs/routes';
import { twoFactorRoutes } from './two-factor/routes';
import { userRoutes } from './users/routes';

/** Every feature module's routes; each later area adds one line here. */
export const registerModules = async (app: FastifyInstance) => {
  await app.register(configRoutes);
  await app.register(studioRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(socialRoutes);
  await app.register(twoFactorRoutes);
  await app.register(clientRoutes);
  await app.register(leadRoutes);
  await app.register(projectRoutes);
  await app.register(estimateRoutes);
  await app.register(estimateVersionRoutes);
  await app.register(testPlanRoutes);
  await app.register(testRunRoutes);
  await app.register(canvasRoutes);
  await app.register(notificationRoutes);
  await app.register(activityRoutes);
  await app.register(homeRoutes);
};
