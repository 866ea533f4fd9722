import type { FastifyInstance } from 'fastify';
import { testFlowRoutes } from './flows/routes';
import { testStepRoutes } from './steps/routes';

/** Milestone test plans: `test-flows` and `test-steps` (decision 0010). */
export const testPlanRoutes = async (app: FastifyInstance) => {
  await app.register(testFlowRoutes);
  await app.register(testStepRoutes);
};
