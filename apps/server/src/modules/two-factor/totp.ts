import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import {
  normalizeRecoveryCode,
  normalizeTotp,
  RECOVERY_CODE_COUNT,
} from '@portal/contract/two-factor';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30 seconds. */
const PERIOD = 30;

const totpFor = (secret: string, account: { issuer: string; label: string }) =>
  new TOTP({
    issuer: account.issuer,
    label: account.label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

/** A new secret: 160 random bits (RFC 4226's recommendation), base32 as apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The `otpauth://` URI a QR code carries: the studio as issuer, the email as the account. */
export const otpauthUrl = (secret: string, issuer: string, email: string) =>
  totpFor(secret, { issuer, label: email }).toString();

/**
 * The time step a code belongs to when it is the current one or one step either side (a phone's
 * clock a little off, a code typed as it changed), else null. A step at or before `lastStep` was
 * used already: a code works once, so one seen over a shoulder is useless afterwards.
 */
export const acceptedStep = (
  secret: string,
  typed: string,
  lastStep: number | null,
  now = Date.now(),
): number | null => {
  const token = normalizeTotp(typed);
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secret, { issuer: '', label: '' }).validate({
    token,
    timestamp: now,
    window: 1,
  });
  if (delta === null) return null;
  const step = TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
};

/** The code for `now`: what the tests type, as a person reads it off the app. */
export const totpCode = (secret: string, now = Date.now()) =>
  totpFor(secret, { issuer: '', label: '' }).generate({ timestamp: now });

// Without 0/o and 1/l: codes get read off paper.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** Ten codes like `k7m2p-x9qrt`: 50 random bits each, enough with the sign-in throttle. */
export const newRecoveryCodes = (): string[] =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });

export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
