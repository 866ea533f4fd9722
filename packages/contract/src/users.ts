import { z } from 'zod';
import { paginated } from './common';
import { emptyIfBlank } from './fields';
import { canonicalTimeZone } from './time';

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  image: z.string().nullable(),
  is_superuser: z.boolean(),
  /** IANA name; null until the person's first sign-in sets their browser's (issue 25). */
  time_zone: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const userListSchema = paginated(userSchema);

export const userSearchQuerySchema = z.object({
  search: z.string().max(254).optional(),
});

const text = (max: number) =>
  z
    .string({ error: 'Not a valid string.' })
    .trim()
    .overwrite(emptyIfBlank)
    .max(max, `Ensure this field has no more than ${max} characters.`);

/** A user's `time_zone`: an IANA name, stored as the runtime spells it. */
export const timeZoneSchema = z
  .string({ error: 'Not a valid string.' })
  .trim()
  .min(1, 'This field may not be blank.')
  .max(64, 'Ensure this field has no more than 64 characters.')
  .transform((value, context) => {
    const name = canonicalTimeZone(value);
    if (name) return name;
    context.addIssue({
      code: 'custom',
      message: `"${value}" is not a known time zone. Use an IANA name such as "Europe/Paris".`,
    });
    return z.NEVER;
  });

/** Profile fields a user may change about themself (multipart or JSON). */
export const profileUpdateSchema = z.object({
  first_name: text(150).optional(),
  last_name: text(150).optional(),
  phone: text(32).optional(),
  time_zone: timeZoneSchema.optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

const NOT_A_FILE = 'The submitted data was not a file. Check the encoding type on the form.';

/**
 * The JSON form of `PATCH /api/users/{id}/`: the profile fields, and `image` null or empty to
 * remove the picture (a new picture only arrives as a multipart file). Other keys are kept so a
 * superuser's `email`/`is_superuser` can be read; everyone else's are ignored.
 */
export const userUpdateRequestSchema = z.looseObject({
  ...profileUpdateSchema.shape,
  image: z.union([z.null(), z.literal('')], { error: NOT_A_FILE }).optional(),
});
export type UserUpdateRequest = z.infer<typeof userUpdateRequestSchema>;

const booleanField = z.union(
  [
    z.boolean(),
    // Multipart forms send text.
    z.enum(['true', 'false']).transform((v) => v === 'true'),
  ],
  { error: 'Must be a valid boolean.' },
);

/** Fields only a superuser may change on a user (they are ignored for anyone else). */
export const staffUserUpdateSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'This field may not be blank.')
    .max(254)
    .pipe(z.email('Enter a valid email address.'))
    .optional(),
  is_superuser: booleanField.optional(),
});
export type StaffUserUpdate = z.infer<typeof staffUserUpdateSchema>;

export const impersonateResponseSchema = z.object({ token: z.string(), user: userSchema });
export type ImpersonateResponse = z.infer<typeof impersonateResponseSchema>;

export const USER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const USER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
