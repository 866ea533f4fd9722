import { z } from 'zod';
import { paginated } from './common';
import { booleanField, pkField, requestBody, textField } from './fields';

export const NAME_MAX_LENGTH = 255;
export const SLUG_MAX_LENGTH = 255;

/** Slugs that name list actions (`/api/projects/all/`) and so can never name a record. */
export const RESERVED_SLUGS: readonly string[] = ['all'];

export const clientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  is_internal: z.boolean(),
});
export type Client = z.infer<typeof clientSchema>;
export const clientListSchema = paginated(clientSchema);

/** `POST /api/clients/`: the slug is derived from the name when absent, normalised when given. */
export const clientCreateRequestSchema = requestBody({
  name: textField(NAME_MAX_LENGTH),
  slug: z
    .string({ error: 'Not a valid string.' })
    .trim()
    .max(SLUG_MAX_LENGTH, `Ensure this field has no more than ${SLUG_MAX_LENGTH} characters.`)
    .nullish(),
  is_internal: booleanField().optional(),
});
export type ClientCreateRequest = z.infer<typeof clientCreateRequestSchema>;

/** `PUT`/`PATCH /api/clients/{slug}/`: the slug never changes (a sent one is ignored). */
export const clientUpdateRequestSchema = requestBody({
  name: textField(NAME_MAX_LENGTH),
  is_internal: booleanField().optional(),
});
export type ClientUpdateRequest = z.infer<typeof clientUpdateRequestSchema>;

/** The user of a client-user link: enough to list and address them. */
export const clientUserUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

export const clientUserSchema = z.object({
  id: z.number().int(),
  client: z.number().int(),
  user: clientUserUserSchema,
});
export type ClientUser = z.infer<typeof clientUserSchema>;
export const clientUserListSchema = paginated(clientUserSchema);

export const clientUserListQuerySchema = z.object({
  client: pkField().optional(),
  user: pkField().optional(),
});

/**
 * `POST /api/client-users/`: link an existing user by `user` id, or anyone by `email` (an unknown
 * address gets an invited account and an email to set a password). Exactly one of the two.
 */
export const clientUserCreateRequestSchema = requestBody({
  client: pkField(),
  user: pkField().optional(),
  email: z
    .string({ error: 'Not a valid string.' })
    .trim()
    .max(254, 'Ensure this field has no more than 254 characters.')
    .pipe(z.email('Enter a valid email address.'))
    .optional(),
}).superRefine((body, ctx) => {
  if (body.user === undefined && body.email === undefined)
    ctx.addIssue({ code: 'custom', message: 'This field is required.', path: ['email'] });
  if (body.user !== undefined && body.email !== undefined)
    ctx.addIssue({
      code: 'custom',
      message: 'Send either a user or an email, not both.',
      path: [],
    });
});
export type ClientUserCreateRequest = z.infer<typeof clientUserCreateRequestSchema>;

export const CLIENT_MESSAGES = {
  blankSlug: 'This value has no letters or digits to make a slug from.',
  duplicateLink: 'This user already belongs to this client.',
  clientHasProjects: 'This client still has projects. Delete its projects first.',
  clientHasCanvases: 'This client still has canvases. Delete its canvases first.',
} as const;
