import { z } from 'zod';
import { paginated } from './common';
import { pkField } from './fields';

/** What an activity entry is about (the `target.type`). */
export const ACTIVITY_TARGET_TYPES = [
  'client',
  'client_user',
  'project',
  'phase',
  'note',
  'milestone',
  'estimate',
  'lead',
  'canvas',
  'test_plan',
  'test_run',
  'user',
] as const;
export type ActivityTargetType = (typeof ACTIVITY_TARGET_TYPES)[number];

/**
 * The targets a client user may read about, when they belong to one of their own client's
 * projects (decision 0022). Everything else — clients, their users, leads, the canvas, sign-ins
 * and impersonations — is for staff only.
 */
export const MEMBER_VISIBLE_TARGET_TYPES = [
  'project',
  'phase',
  'note',
  'milestone',
  'estimate',
  'test_plan',
  'test_run',
] as const satisfies readonly ActivityTargetType[];

/** What happened. One entry per request: a change of several fields is one `updated`. */
export const ACTIVITY_VERBS = [
  'created',
  'updated',
  'deleted',
  'restored',
  'status_changed',
  'moved',
  'merged',
  'converted',
  'imported',
  'commented',
  'saved',
  'signed_in',
  'impersonated',
  'sent',
  'decided',
  'completed',
  'signed_off',
] as const;
export type ActivityVerb = (typeof ACTIVITY_VERBS)[number];

const personSchema = z.object({ id: z.number().int(), name: z.string() });

export const activitySchema = z.object({
  id: z.number().int(),
  verb: z.enum(ACTIVITY_VERBS),
  /** Null for what nobody signed in did (the public lead form) or a deleted account. */
  actor: personSchema.nullable(),
  /** The staff member behind an impersonation: "Lee as Dana". */
  impersonator: personSchema.nullable(),
  /** The label is kept from the moment of the change, so it survives the target's deletion. */
  target: z.object({
    type: z.enum(ACTIVITY_TARGET_TYPES),
    id: z.number().int(),
    label: z.string(),
  }),
  /** The project and client now (null once deleted), for links and the entry's context. */
  project: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
  client: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
  /** What a person needs to read the entry (old → new status, the fields changed, counts). */
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;
export const activityListSchema = paginated(activitySchema);
export type ActivityList = z.infer<typeof activityListSchema>;

/** `GET /api/activity/`: every filter is optional and they combine. */
export const activityListQuerySchema = z.object({
  project: pkField().optional(),
  client: pkField().optional(),
  estimate: pkField().optional(),
  lead: pkField().optional(),
  actor: pkField().optional(),
  /**
   * `false` leaves out sign-ins: every person signs in every day, and the studio-wide page
   * hides them unless asked (issue 26). Absent or `true`, they are listed.
   */
  sign_ins: z
    .enum(['true', 'false'], { error: 'Must be a valid boolean.' })
    .transform((value) => value === 'true')
    .optional(),
});
export type ActivityListQuery = z.infer<typeof activityListQuerySchema>;
/** What a history is narrowed by: the query as the server reads it. */
export type ActivityFilters = ActivityListQuery;
