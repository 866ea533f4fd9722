import { z } from 'zod';

/** What the web app learns about the deployment at run time (`GET /api/config/`). */
export const publicConfigSchema = z.object({
  portal_name: z.string(),
  google: z.object({ client_id: z.string(), auth_url: z.string() }).nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
