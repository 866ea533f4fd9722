import { z } from 'zod';
import { blankableTextField, FIELD_MESSAGES, requestBody } from './fields';

/**
 * Passkeys (WebAuthn, issue 27): a person adds them in Profile and signs in with one instead of a
 * password and a code. The credentials' JSON is WebAuthn's own (as `@simplewebauthn/browser`
 * sends it); here it is only bounded and shaped — the server's WebAuthn library verifies every
 * byte of it.
 */

export const PASSKEY_NAME_MAX = 64;

/** A credential as the browser answers it: `PublicKeyCredential.toJSON()`. */
const credentialSchema = z.looseObject(
  {
    id: z.string().min(1).max(1366),
    rawId: z.string().min(1).max(1366),
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: z.string().min(1).max(16_384) }),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
  },
  { error: 'Not a valid passkey answer.' },
);

/** The browser's options for `navigator.credentials.*`, as WebAuthn's JSON spells them. */
const optionsSchema = z.looseObject({ challenge: z.string() });

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created: z.string(),
  /** Null until it has signed someone in. */
  last_used: z.string().nullable(),
  /** Synced by its provider (iCloud Keychain, Google Password Manager…): not lost with a device. */
  backed_up: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.array(passkeySchema);

/**
 * Adding one is a change to how she signs in, and a passkey signs in alone: her password first,
 * where she has one, and her authenticator's code (or a recovery code) where two-factor is on.
 */
export const passkeyOptionsRequestSchema = requestBody({
  password: z.string().max(1024).optional(),
  code: z.string().max(32).optional(),
});
export type PasskeyOptionsRequest = z.infer<typeof passkeyOptionsRequestSchema>;

export const passkeyOptionsResponseSchema = z.object({ options: optionsSchema });
export type PasskeyOptionsResponse = z.infer<typeof passkeyOptionsResponseSchema>;

const nameField = blankableTextField(PASSKEY_NAME_MAX);

export const passkeyCreateRequestSchema = requestBody({
  /** Blank: named after the device that made it ("Chrome on macOS"). */
  name: nameField.optional(),
  credential: credentialSchema,
});
export type PasskeyCreateRequest = z.infer<typeof passkeyCreateRequestSchema>;

export const passkeyRenameRequestSchema = requestBody({
  name: nameField.refine((name) => name !== '', FIELD_MESSAGES.blank),
});
export type PasskeyRenameRequest = z.infer<typeof passkeyRenameRequestSchema>;

/** Signing in with one: the options carry a fresh challenge, single use, for five minutes. */
export const passkeySignInRequestSchema = requestBody({ credential: credentialSchema });
export type PasskeySignInRequest = z.infer<typeof passkeySignInRequestSchema>;

export const PASSKEY_MESSAGES = {
  notRecognised: 'This passkey is not registered here. Sign in with your password instead.',
  expired: 'The passkey request expired. Please try again.',
  failed: 'The passkey could not be verified. Please try again.',
  alreadyAdded: 'This passkey is already added.',
  wrongPassword: 'Your password was entered incorrectly.',
} as const;
