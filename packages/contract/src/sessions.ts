import { z } from 'zod';

/**
 * A person's sessions (issue 27): each token signed in as them, never the token itself. One
 * opened by staff impersonating them says who; she may end it like any other.
 */
export const sessionSchema = z.object({
  id: z.number().int(),
  created: z.string(),
  last_used: z.string(),
  /** The browser's own description, as it sent it; empty when unknown. */
  user_agent: z.string(),
  ip: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
  impersonated_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionListSchema = z.array(sessionSchema);
