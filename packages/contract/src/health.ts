import { z } from 'zod';

/**
 * `GET /api/health/live`, `/api/health/ready` and `/api/health/storage`, for load balancers,
 * orchestrators and monitoring. Readiness is what this instance needs to serve requests (the
 * database); storage is reported apart, so an S3 outage fails uploads and downloads only, not
 * every instance at the balancer (issue 28).
 */
export const healthSchema = z.object({
  /** `draining`: the instance is stopping and still finishing what it has (issue 28). */
  status: z.enum(['ok', 'unavailable', 'draining']),
  /** Each dependency the probe looked at, and whether it answered. */
  checks: z
    .object({
      database: z.boolean().optional(),
      migrations: z.boolean().optional(),
      storage: z.boolean().optional(),
    })
    .optional(),
});
export type Health = z.infer<typeof healthSchema>;
