import { z } from 'zod';
import { paginated } from './common';

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  image: z.string().nullable(),
  is_superuser: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const userListSchema = paginated(userSchema);

export const userSearchQuerySchema = z.object({
  search: z.string().max(254).optional(),
});

/** Profile fields a user may change about themself (multipart or JSON). */
export const profileUpdateSchema = z.object({
  first_name: z.string().trim().max(150).optional(),
  last_name: z.string().trim().max(150).optional(),
  phone: z.string().trim().max(32).optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const impersonateResponseSchema = z.object({ token: z.string(), user: userSchema });
export type ImpersonateResponse = z.infer<typeof impersonateResponseSchema>;

export const USER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const USER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
