import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { socialAccounts, users } from '../../db/schema/index';
import { createTestApp, createUser, type TestContext } from '../../test/test-app';
import { startFakeGoogle, type FakeGoogle, type FakeGoogleAccount } from './fake-google';
import { GOOGLE_MESSAGES } from './google';
import { TWO_FACTOR_MESSAGES } from '@portal/contract/two-factor';
import { sealSecret } from '../two-factor/secrets';
import { totpCode } from '../two-factor/totp';
import { loginAccountKey } from '../../http/throttle';

const URL_PATH = '/api/social-auth/google-oauth2/';

let google: FakeGoogle;
let t: TestContext;

const signIn = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: URL_PATH, payload });
const refused = (message: string) => ({ non_field_errors: [message] });
const userByEmail = async (email: string) =>
  (
    await t.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
  )[0];

const dana: FakeGoogleAccount = {
  sub: '108000000000000000001',
  email: 'Dana.Scully@Gmail.test',
  email_verified: true,
  given_name: 'Dana',
  family_name: 'Scully',
};

beforeAll(async () => {
  google = await startFakeGoogle();
  t = await createTestApp(google.env);
});
afterAll(async () => {
  await t.close();
  await google.close();
});
beforeEach(() => google.setMode('ok'));

describe('POST /api/social-auth/google-oauth2/ with an access token', () => {
  it('creates a verified account without a password and signs it in', async () => {
    const before = Date.now();
    const res = await signIn({ access_token: google.accessToken(dana) });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; expiry: string; user: { id: number } }>();
    expect(body.user).toEqual({
      id: expect.any(Number),
      email: 'dana.scully@gmail.test',
      first_name: 'Dana',
      last_name: 'Scully',
      phone: '',
      image: null,
      is_superuser: false,
      time_zone: null,
    });
    const expiry = new Date(body.expiry).getTime();
    expect(Math.abs(expiry - before - t.ctx.config.tokenIdleMs)).toBeLessThan(60_000);

    const row = await userByEmail('dana.scully@gmail.test');
    expect(row).toMatchObject({ emailVerified: true, passwordHash: null, isSuperuser: false });
    expect(row?.lastLogin?.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    const links = await t.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, body.user.id));
    expect(links).toMatchObject([{ provider: 'google', uid: dana.sub }]);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/auth/',
      headers: { authorization: `Token ${body.token}` },
    });
    expect(me.json()).toEqual(body.user);
  });

  it('signs the same Google account into the same user every time', async () => {
    const first = await signIn({ access_token: google.accessToken(dana) });
    // Even when the Google address has changed since, the link by `sub` wins.
    const renamed = { ...dana, email: 'dana@fbi.test' };
    const second = await signIn({ access_token: google.accessToken(renamed) });
    expect(second.statusCode).toBe(200);
    expect(second.json().user.id).toBe(first.json().user.id);
    expect(second.json().token).not.toBe(first.json().token);
    expect(await userByEmail('dana@fbi.test')).toBeUndefined();
    const [{ n } = { n: 0 }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(socialAccounts)
      .where(eq(socialAccounts.uid, dana.sub));
    expect(n).toBe(1);
  });

  it('links to an existing account by email, ignoring case, and keeps its password', async () => {
    const existing = await createUser(t.db, {
      email: 'fox.mulder@client.test',
      firstName: 'Fox',
      phone: '555-0142',
    });
    const res = await signIn({
      access_token: google.accessToken({
        sub: '108000000000000000002',
        email: 'FOX.Mulder@client.test',
        email_verified: true,
        given_name: 'Spooky',
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: existing.id,
      first_name: 'Fox',
      phone: '555-0142',
    });
    const row = await userByEmail('fox.mulder@client.test');
    expect(row?.passwordHash).toBe(existing.passwordHash);
  });

  it('marks an unverified account verified and drops the password nobody proved', async () => {
    const pending = await createUser(t.db, {
      email: 'walter@client.test',
      emailVerified: false,
    });
    expect(pending.passwordHash).not.toBeNull();
    const res = await signIn({
      access_token: google.accessToken({
        sub: '108000000000000000003',
        email: 'walter@client.test',
        email_verified: true,
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(pending.id);
    expect(await userByEmail('walter@client.test')).toMatchObject({
      emailVerified: true,
      passwordHash: null,
    });
  });

  it('refuses an unverified Google email and creates nothing', async () => {
    const res = await signIn({
      access_token: google.accessToken({
        sub: '108000000000000000004',
        email: 'unverified@gmail.test',
        email_verified: false,
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused(GOOGLE_MESSAGES.unverified));
    expect(await userByEmail('unverified@gmail.test')).toBeUndefined();
  });

  it('refuses a token Google does not accept (provider 401) with a 400', async () => {
    const res = await signIn({ access_token: 'ya29.forged' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused(GOOGLE_MESSAGES.tokenRejected));
  });

  it('answers 400, never 500, when the provider fails or talks nonsense', async () => {
    const token = google.accessToken(dana);
    google.setMode('error');
    const down = await signIn({ access_token: token });
    expect(down.statusCode).toBe(400);
    expect(down.json()).toEqual(refused(GOOGLE_MESSAGES.unreachable));
    google.setMode('garbage');
    const garbage = await signIn({ access_token: token });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toEqual(refused(GOOGLE_MESSAGES.badAnswer));
  });

  it('refuses an inactive account', async () => {
    await createUser(t.db, { email: 'krycek@client.test', isActive: false });
    const res = await signIn({
      access_token: google.accessToken({
        sub: '108000000000000000005',
        email: 'krycek@client.test',
        email_verified: true,
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused(GOOGLE_MESSAGES.inactive));
  });

  it('answers 400 naming the problem for bad input', async () => {
    const empty = await signIn({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toHaveProperty('non_field_errors');
    const wrongType = await signIn({ access_token: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toHaveProperty('access_token');
  });
});

describe('POST /api/social-auth/google-oauth2/ with a code', () => {
  const redirectUri = 'http://localhost:8000/login';

  it('redeems the code with the client credentials, then signs in', async () => {
    const monica: FakeGoogleAccount = {
      sub: '108000000000000000006',
      email: 'monica@gmail.test',
      email_verified: true,
      given_name: 'Monica',
      family_name: 'Reyes',
    };
    const res = await signIn({ code: google.code(monica, redirectUri), redirect_uri: redirectUri });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'monica@gmail.test', first_name: 'Monica' });
    expect(google.tokenRequests.at(-1)).toMatchObject({
      grant_type: 'authorization_code',
      client_id: 'fake-client-id',
      client_secret: 'fake-client-secret',
      redirect_uri: redirectUri,
    });
  });

  it('refuses a code used twice or bound to another redirect_uri', async () => {
    const account: FakeGoogleAccount = {
      sub: '108000000000000000007',
      email: 'john@gmail.test',
      email_verified: true,
    };
    const code = google.code(account, redirectUri);
    expect((await signIn({ code, redirect_uri: redirectUri })).statusCode).toBe(200);
    const again = await signIn({ code, redirect_uri: redirectUri });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(refused(GOOGLE_MESSAGES.codeRejected));
    const elsewhere = await signIn({
      code: google.code(account, redirectUri),
      redirect_uri: 'http://evil.test/cb',
    });
    expect(elsewhere.json()).toEqual(refused(GOOGLE_MESSAGES.codeRejected));
  });
});

describe('without Google configured', () => {
  it('answers 400 saying so', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: URL_PATH,
        payload: { access_token: 'anything' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: ['Google sign-in is not configured.'] });
    } finally {
      await plain.close();
    }
  });
});

describe('Google sign-in with two-factor on (issue 27)', () => {
  it('asks for the code too, and signs in with it once', async () => {
    const fox: FakeGoogleAccount = {
      sub: '108000000000000000077',
      email: 'fox.mulder@gmail.test',
      email_verified: true,
      given_name: 'Fox',
      family_name: 'Mulder',
    };
    expect((await signIn({ access_token: google.accessToken(fox) })).statusCode).toBe(200);
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await t.db
      .update(users)
      .set({ totpSecret: sealSecret(t.ctx.config.secretKey, secret), totpEnabledAt: new Date() })
      .where(eq(users.email, fox.email));

    const asked = await signIn({ access_token: google.accessToken(fox) });
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toEqual({ otp: [TWO_FACTOR_MESSAGES.otpRequired] });
    const wrong = await signIn({ access_token: google.accessToken(fox), otp: '000000' });
    expect(wrong.json()).toEqual({ otp: [TWO_FACTOR_MESSAGES.wrongCode] });
    // Counted like a wrong password, and kept though the sign-in's transaction rolled back.
    const counted = await t.db.execute<{ count: number }>(
      sql`SELECT count FROM rate_limits WHERE key = ${loginAccountKey(fox.email)}`,
    );
    expect(counted.rows).toEqual([{ count: 1 }]);
    const code = totpCode(secret);
    const ok = await signIn({ access_token: google.accessToken(fox), otp: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toHaveProperty('token');
    expect((await signIn({ access_token: google.accessToken(fox), otp: code })).statusCode).toBe(
      400,
    );
  });
});
