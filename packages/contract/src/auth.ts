import { z } from 'zod';
import { userSchema } from './users';

// DRF's own wording, so the web app's error mapping reads the same as against the old server.
const REQUIRED = 'This field is required.';
const NOT_A_STRING = 'Not a valid string.';
const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;

/** A required string field: absent, null, empty or not a string are each a 400 on the field. */
const requiredString = (max: number, options: { trim?: boolean } = {}) => {
  const base = z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? REQUIRED : NOT_A_STRING),
  });
  return (options.trim ? base.trim() : base).min(1, REQUIRED).max(max, tooLong(max));
};

/** A JSON object body; anything else (an array, a string) is DRF's non-field error. */
const body = <Shape extends z.core.$ZodLooseShape>(shape: Shape) =>
  z.object(shape, { error: 'Invalid data. Expected a dictionary.' });

const email = requiredString(254, { trim: true }).pipe(z.email('Enter a valid email address.'));

/** Passwords are length-checked by the password rules; this bound only caps hashing work. */
const PASSWORD_FIELD_MAX = 1024;
const password = requiredString(PASSWORD_FIELD_MAX);

export const loginRequestSchema = body({
  username: requiredString(254),
  password,
  /**
   * The second factor, for an account with two-factor on (issue 27): the authenticator's
   * current code or an unused recovery code. Without it such an account answers 400 on `otp`.
   */
  otp: z.string({ error: NOT_A_STRING }).max(32, tooLong(32)).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenResponseSchema = z.object({
  token: z.string(),
  /** ISO 8601; the token's idle expiry at the time of login (refreshed on use). */
  expiry: z.string(),
  user: userSchema,
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const signUpRequestSchema = body({
  email,
  password1: password,
  password2: password,
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

export const emailRequestSchema = body({ email });
export type EmailRequest = z.infer<typeof emailRequestSchema>;

export const verifyEmailRequestSchema = body({
  uid: requiredString(64),
  token: requiredString(256),
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

export const passwordResetConfirmRequestSchema = body({
  uid: requiredString(64),
  token: requiredString(256),
  new_password1: password,
  new_password2: password,
});
export type PasswordResetConfirmRequest = z.infer<typeof passwordResetConfirmRequestSchema>;

export const passwordChangeRequestSchema = body({
  old_password: password,
  new_password1: password,
  new_password2: password,
});
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>;

export const passwordChangeResponseSchema = z.object({ token: z.string() });
export type PasswordChangeResponse = z.infer<typeof passwordChangeResponseSchema>;

export const googleLoginRequestSchema = z
  .object({
    access_token: z.string().min(1).max(4096).optional(),
    code: z.string().min(1).max(4096).optional(),
    redirect_uri: z.url().max(2048).optional(),
    /** As on the password sign-in, for an account with two-factor on (issue 27). */
    otp: z.string({ error: NOT_A_STRING }).max(32, tooLong(32)).optional(),
  })
  .refine((v) => v.access_token !== undefined || v.code !== undefined, {
    message: 'Send an access_token or a code.',
  });
export type GoogleLoginRequest = z.infer<typeof googleLoginRequestSchema>;

/** Words in the login error that open the "Email Verification Required" dialog (spec §2). */
export const UNVERIFIED_LOGIN_DETAIL =
  'Your email address requires verification. Check your inbox for the link.';

/** Answers and messages of the account endpoints (DESIGN §3), shared with the web app and tests. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Unable to log in with provided credentials.',
  duplicateEmail: 'A user with that email already exists.',
  passwordMismatch: "The two password fields didn't match.",
  wrongOldPassword: 'Your old password was entered incorrectly. Please enter it again.',
  invalidValue: 'Invalid value',
  emailVerified: 'Your email address has been verified.',
  invalidVerifyLink: 'The verification link is invalid or has expired.',
  verificationSent:
    'If an unverified account exists for this email, a new verification email has been sent.',
  resetSent: 'Password reset e-mail has been sent.',
  passwordReset: 'Password has been reset with the new password.',
} as const;

/**
 * Where a rejected new password is reported. Sign-up reports on `password1` (dj-rest-auth's
 * RegisterSerializer); reset-confirm and password change report both a mismatch and a weak
 * password on `new_password2`, as Django's SetPasswordForm does.
 */
export const NEW_PASSWORD_ERROR_FIELD = {
  signUp: 'password1',
  resetConfirm: 'new_password2',
  change: 'new_password2',
} as const;
