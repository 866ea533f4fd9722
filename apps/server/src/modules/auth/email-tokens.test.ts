import { describe, expect, it } from 'vitest';
import {
  EMAIL_TOKEN_MAX_AGE,
  checkEmailToken,
  decodeUid,
  emailTokenLink,
  encodeUid,
  makeEmailToken,
  type TokenUser,
} from './email-tokens';

const SECRET = 'unit-test-secret-that-is-long-enough-0123456789';
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
/** Splits at the first hyphen: the base64url signature may contain more. */
const parts = (token: string) => {
  const at = token.indexOf('-');
  return [token.slice(0, at), token.slice(at + 1)] as const;
};

const user: TokenUser = {
  id: 42,
  email: 'Ann@Example.test',
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
  lastLogin: new Date(Date.UTC(2026, 0, 10, 8, 30, 0, 123)),
  emailVerified: false,
};

describe('uid', () => {
  it('is the base64url of the id, as Django encodes it', () => {
    expect(encodeUid(1)).toBe('MQ');
    expect(encodeUid(42)).toBe('NDI');
    expect(decodeUid('NDI')).toBe(42);
    expect(decodeUid(encodeUid(2_147_483_647))).toBe(2_147_483_647);
  });

  it('rejects anything that is not the canonical encoding of an id', () => {
    for (const bad of [
      '',
      'NDI=',
      'MA', // "0"
      encodeUid(-1),
      Buffer.from('4x').toString('base64url'),
      Buffer.from('042').toString('base64url'),
      encodeUid(2_147_483_648),
      'N D I',
      'a'.repeat(40),
    ]) {
      expect(decodeUid(bad), bad).toBeNull();
    }
  });
});

describe('email tokens', () => {
  it('has the shape {base36 timestamp}-{base64url HMAC-SHA256}', () => {
    const token = makeEmailToken(SECRET, 'verify-email', user, NOW);
    const [ts, mac] = parts(token);
    expect(parseInt(ts, 36)).toBe(NOW / 1000);
    expect(mac).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('accepts its own token for the same user state', () => {
    const token = makeEmailToken(SECRET, 'password-reset', user, NOW);
    expect(checkEmailToken(SECRET, 'password-reset', user, token, NOW + 60_000)).toBe(true);
  });

  it('stops working when anything it covers changes', () => {
    const token = makeEmailToken(SECRET, 'password-reset', user, NOW);
    const changed: TokenUser[] = [
      { ...user, id: 43 },
      { ...user, email: 'someone.else@example.test' },
      { ...user, passwordHash: `${user.passwordHash}x` },
      { ...user, passwordHash: null },
      { ...user, lastLogin: new Date(NOW) },
      { ...user, lastLogin: null },
      { ...user, emailVerified: true },
    ];
    for (const other of changed) {
      expect(checkEmailToken(SECRET, 'password-reset', other, token, NOW)).toBe(false);
    }
  });

  it('ignores the case of the email, which is compared case-insensitively everywhere', () => {
    const token = makeEmailToken(SECRET, 'verify-email', user, NOW);
    const lower = { ...user, email: user.email.toLowerCase() };
    expect(checkEmailToken(SECRET, 'verify-email', lower, token, NOW)).toBe(true);
  });

  it('is bound to its purpose and to the secret', () => {
    const token = makeEmailToken(SECRET, 'verify-email', user, NOW);
    expect(checkEmailToken(SECRET, 'password-reset', user, token, NOW)).toBe(false);
    expect(checkEmailToken(`${SECRET}!`, 'verify-email', user, token, NOW)).toBe(false);
  });

  it('expires: reset after a day, verification after three', () => {
    const reset = makeEmailToken(SECRET, 'password-reset', user, NOW);
    const day = 24 * 3600 * 1000;
    expect(EMAIL_TOKEN_MAX_AGE['password-reset']).toBe(86_400);
    expect(checkEmailToken(SECRET, 'password-reset', user, reset, NOW + day)).toBe(true);
    expect(checkEmailToken(SECRET, 'password-reset', user, reset, NOW + day + 1000)).toBe(false);

    const verify = makeEmailToken(SECRET, 'verify-email', user, NOW);
    expect(checkEmailToken(SECRET, 'verify-email', user, verify, NOW + 3 * day)).toBe(true);
    expect(checkEmailToken(SECRET, 'verify-email', user, verify, NOW + 3 * day + 1000)).toBe(false);
  });

  it('rejects a token dated far in the future', () => {
    const token = makeEmailToken(SECRET, 'verify-email', user, NOW + 3600_000);
    expect(checkEmailToken(SECRET, 'verify-email', user, token, NOW)).toBe(false);
  });

  it('rejects a forged timestamp or a tampered signature', () => {
    const token = makeEmailToken(SECRET, 'verify-email', user, NOW);
    const [ts, mac] = parts(token);
    const later = (parseInt(ts, 36) + 3600).toString(36);
    expect(checkEmailToken(SECRET, 'verify-email', user, `${later}-${mac}`, NOW)).toBe(false);
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    expect(checkEmailToken(SECRET, 'verify-email', user, `${ts}-${flipped}`, NOW)).toBe(false);
    for (const bad of ['', '-', token.toUpperCase(), `${token}x`, mac, `${ts}-${mac.slice(1)}`]) {
      expect(checkEmailToken(SECRET, 'verify-email', user, bad, NOW), bad).toBe(false);
    }
  });

  it('builds the links the web app completes', () => {
    const link = emailTokenLink('http://portal.test', SECRET, 'password-reset', user, NOW);
    const match = /^http:\/\/portal\.test\/password-reset\/([^/]+)\/([^/]+)$/.exec(link);
    expect(match?.[1]).toBe('NDI');
    expect(checkEmailToken(SECRET, 'password-reset', user, match?.[2] ?? '', NOW)).toBe(true);
    expect(emailTokenLink('http://portal.test', SECRET, 'verify-email', user, NOW)).toMatch(
      /^http:\/\/portal\.test\/verify-email\/NDI\/[0-9a-z]+-[\w-]{43}$/,
    );
  });
});
