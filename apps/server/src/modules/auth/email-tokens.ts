import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UserRow } from '../../http/auth';

export type EmailTokenPurpose = 'verify-email' | 'password-reset';

/** How long a link works, in seconds (DESIGN §3). */
export const EMAIL_TOKEN_MAX_AGE: Record<EmailTokenPurpose, number> = {
  'verify-email': 3 * 24 * 3600,
  'password-reset': 24 * 3600,
};

/** The web app's page for each link; the path is also the purpose. */
const LINK_PATH: Record<EmailTokenPurpose, string> = {
  'verify-email': 'verify-email',
  'password-reset': 'password-reset',
};

/** Tokens minted a little "in the future" by another instance with a drifting clock still work. */
const CLOCK_SKEW_SECONDS = 300;

export type TokenUser = Pick<
  UserRow,
  'id' | 'email' | 'passwordHash' | 'lastLogin' | 'emailVerified'
>;

export const encodeUid = (id: number) => Buffer.from(String(id), 'utf8').toString('base64url');

/** The user id in a link, or null for anything that is not the canonical encoding of an id. */
export const decodeUid = (uid: string): number | null => {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return null;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  if (id > 2_147_483_647 || encodeUid(id) !== uid) return null;
  return id;
};

/**
 * The HMAC covers the state that using the link changes (password hash, verified flag), that a
 * later login changes (last login) and the address it was sent to, so a link works once and dies
 * when any of them moves (a link mailed to an address the account no longer has is void too).
 * The purpose is part of the key, so a verification token never passes as a reset token.
 */
const signature = (secret: string, purpose: EmailTokenPurpose, user: TokenUser, ts: number) => {
  const key = createHmac('sha256', secret).update(`studio-portal.email-token.${purpose}`).digest();
  const state = [
    user.id,
    user.email.toLowerCase(),
    user.passwordHash ?? '',
    user.lastLogin ? user.lastLogin.getTime() : '',
    user.emailVerified ? 1 : 0,
    ts,
  ].join('|');
  return createHmac('sha256', key).update(state).digest();
};

/** `{seconds since the epoch, base 36}-{HMAC-SHA256, base64url}`. */
export const makeEmailToken = (
  secret: string,
  purpose: EmailTokenPurpose,
  user: TokenUser,
  now: number = Date.now(),
) => {
  const ts = Math.floor(now / 1000);
  return `${ts.toString(36)}-${signature(secret, purpose, user, ts).toString('base64url')}`;
};

export const checkEmailToken = (
  secret: string,
  purpose: EmailTokenPurpose,
  user: TokenUser,
  token: string,
  now: number = Date.now(),
): boolean => {
  const match = /^([0-9a-z]{1,10})-([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2]) return false;
  const ts = parseInt(match[1], 36);
  const age = Math.floor(now / 1000) - ts;
  if (age > EMAIL_TOKEN_MAX_AGE[purpose] || age < -CLOCK_SKEW_SECONDS) return false;
  const given = Buffer.from(match[2], 'base64url');
  const expected = signature(secret, purpose, user, ts);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** `{PUBLIC_URL}/{page}/{uid}/{token}`, the link the web app's page completes. */
export const emailTokenLink = (
  publicUrl: string,
  secret: string,
  purpose: EmailTokenPurpose,
  user: TokenUser,
  now?: number,
) =>
  `${publicUrl}/${LINK_PATH[purpose]}/${encodeUid(user.id)}/${makeEmailToken(secret, purpose, user, now)}`;
