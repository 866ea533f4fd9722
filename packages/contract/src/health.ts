import { z } from 'zod';

/** `GET /api/health/live` and `/api/health/ready`, for load balancers and orchestrators. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** Only on readiness: each dependency and whether it answered. */
  checks: z
    .object({ database: z.boolean(), migrations: z.boolean(), storage: z.boolean() })
    .optional(),
});
export type Health = z.infer<typeof healthSchema>;
