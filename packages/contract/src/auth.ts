import { z } from 'zod';
import { userSchema } from './users';

const required = 'This field is required.';
const requiredString = (max: number) => z.string({ error: required }).min(1, required).max(max);
const email = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(254)
  .pipe(z.email('Enter a valid email address.'));

export const loginRequestSchema = z.object({
  username: requiredString(254),
  password: requiredString(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenResponseSchema = z.object({
  token: z.string(),
  expiry: z.string(),
  user: userSchema,
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const signUpRequestSchema = z.object({
  email,
  password1: requiredString(1024),
  password2: requiredString(1024),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

export const emailRequestSchema = z.object({ email });
export type EmailRequest = z.infer<typeof emailRequestSchema>;

export const verifyEmailRequestSchema = z.object({
  uid: requiredString(64),
  token: requiredString(256),
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

export const passwordResetConfirmRequestSchema = z.object({
  uid: requiredString(64),
  token: requiredString(256),
  new_password1: requiredString(1024),
  new_password2: requiredString(1024),
});
export type PasswordResetConfirmRequest = z.infer<typeof passwordResetConfirmRequestSchema>;

export const passwordChangeRequestSchema = z.object({
  old_password: requiredString(1024),
  new_password1: requiredString(1024),
  new_password2: requiredString(1024),
});
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>;

export const passwordChangeResponseSchema = z.object({ token: z.string() });

export const googleLoginRequestSchema = z
  .object({
    access_token: z.string().min(1).max(4096).optional(),
    code: z.string().min(1).max(4096).optional(),
    redirect_uri: z.url().max(2048).optional(),
  })
  .refine((v) => v.access_token !== undefined || v.code !== undefined, {
    message: 'Send an access_token or a code.',
  });
export type GoogleLoginRequest = z.infer<typeof googleLoginRequestSchema>;

/** Words in the login error that open the "Email Verification Required" dialog (spec §2). */
export const UNVERIFIED_LOGIN_DETAIL =
  'Your email address requires verification. Check your inbox for the link.';
