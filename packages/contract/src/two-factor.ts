import { z } from 'zod';
import { emptyIfBlank } from './fields';
import { TWO_FACTOR_MESSAGES } from './two-factor-messages';

/**
 * Two-factor sign-in (issue 27): a time-based one-time password (TOTP, RFC 6238: six digits,
 * 30 seconds, SHA-1 — what every authenticator app reads) and ten single-use recovery codes.
 */

export { TWO_FACTOR_MESSAGES };

export const RECOVERY_CODE_COUNT = 10;

/** What a person types: digits of a TOTP, or a recovery code; spaces and dashes are theirs. */
const code = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? 'This field is required.'
        : 'Not a valid string.',
  })
  .trim()
  .overwrite(emptyIfBlank)
  .min(1, 'This field is required.')
  .max(32, 'Ensure this field has no more than 32 characters.');

export const twoFactorCodeSchema = code;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes left (0 when two-factor is off). */
  recovery_codes_left: z.number().int(),
  /** Whether this deployment requires it of this account (staff under `REQUIRE_STAFF_2FA`). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const totpSetupResponseSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** `otpauth://totp/…`: what the QR code holds. */
  otpauth_url: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

export const totpConfirmRequestSchema = z.object({ code });
export type TotpConfirmRequest = z.infer<typeof totpConfirmRequestSchema>;

export const recoveryCodesResponseSchema = z.object({
  recovery_codes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

export const twoFactorDisableRequestSchema = z.object({
  /** Not asked of an account that has no password (signed up with Google). */
  password: z.string().max(1024).optional(),
  code,
});
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequestSchema>;

export const recoveryCodesRequestSchema = z.object({ code });
export type RecoveryCodesRequest = z.infer<typeof recoveryCodesRequestSchema>;

/** Digits only ("123 456" → "123456"): a TOTP as apps show it. */
export const normalizeTotp = (value: string) => value.replace(/[\s-]/g, '');

/** Lowercase, without spaces or dashes: a recovery code however it was copied. */
export const normalizeRecoveryCode = (value: string) => value.toLowerCase().replace(/[\s-]/g, '');
