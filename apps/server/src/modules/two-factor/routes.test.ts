import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '@portal/contract/two-factor';
import { users } from '../../db/schema/index';
import { createTestApp, createUser, TEST_PASSWORD, type TestContext } from '../../test/test-app';
import { useTestApp } from '../../test/test-world';
import { issueToken } from '../auth/tokens';
import { totpCode } from './totp';

const t = useTestApp();
const STEP = 30_000;

const call = (
  app: TestContext,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  payload?: object,
) =>
  app.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: `Token ${token}` } : {},
  });
const login = (email: string, otp?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/token-auth/',
    payload: { username: email, password: TEST_PASSWORD, ...(otp === undefined ? {} : { otp }) },
  });
const tokenFor = async (app: TestContext, userId: number, impersonatorId?: number) =>
  (
    await issueToken(app.db, userId, {
      ttlMs: app.ctx.config.tokenIdleMs,
      ...(impersonatorId ? { impersonatorId } : {}),
    })
  ).token;

/** Set-up and confirmation as the app does them; answers the secret and the recovery codes. */
const turnOn = async (app: TestContext, token: string) => {
  const setup = await call(app, 'POST', '/api/two-factor/totp/setup/', token);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const confirmed = await call(app, 'POST', '/api/two-factor/totp/confirm/', token, {
    code: totpCode(secret),
  });
  expect(confirmed.statusCode).toBe(200);
  return { secret, codes: confirmed.json<{ recovery_codes: string[] }>().recovery_codes };
};

describe('two-factor set-up, per role', () => {
  it('answers 401 to a visitor on every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/two-factor/'],
      ['POST', '/api/two-factor/totp/setup/'],
      ['POST', '/api/two-factor/totp/confirm/'],
      ['POST', '/api/two-factor/disable/'],
      ['POST', '/api/two-factor/recovery-codes/'],
    ] as const)
      expect((await call(t, method, url, undefined, { code: '1' })).statusCode, url).toBe(401);
  });

  it('answers 403 to staff impersonating someone: how she signs in stays hers', async () => {
    const staff = await createUser(t.db, { email: 'tf-imp-staff@studio.test', isSuperuser: true });
    const member = await createUser(t.db, { email: 'tf-imp-member@client.test' });
    const token = await tokenFor(t, member.id, staff.id);
    expect((await call(t, 'POST', '/api/two-factor/totp/setup/', token)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/two-factor/', token)).statusCode).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.totpPendingSecret).toBeNull();
  });

  it('a client user turns it on with the first code, keeps the secret sealed, gets ten codes', async () => {
    const member = await createUser(t.db, { email: 'tf-member@client.test' });
    const token = await tokenFor(t, member.id);
    expect((await call(t, 'GET', '/api/two-factor/', token)).json()).toEqual({
      enabled: false,
      recovery_codes_left: 0,
      required: false,
    });
    const notStarted = await call(t, 'POST', '/api/two-factor/totp/confirm/', token, {
      code: '123456',
    });
    expect(notStarted.statusCode).toBe(400);
    expect(notStarted.json()).toEqual({ detail: TWO_FACTOR_MESSAGES.notStarted });

    const setup = await call(t, 'POST', '/api/two-factor/totp/setup/', token);
    const { secret, otpauth_url } = setup.json<{ secret: string; otpauth_url: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(otpauth_url).toContain('tf-member%40client.test');
    const [pending] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(pending?.totpPendingSecret).not.toContain(secret);
    expect(pending?.totpEnabledAt).toBeNull();

    const wrong = await call(t, 'POST', '/api/two-factor/totp/confirm/', token, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: [TWO_FACTOR_MESSAGES.wrongCode] });
    const missing = await call(t, 'POST', '/api/two-factor/totp/confirm/', token, {});
    expect(missing.json()).toEqual({ code: ['This field is required.'] });

    const ok = await call(t, 'POST', '/api/two-factor/totp/confirm/', token, {
      code: ` ${totpCode(secret).replace(/(\d{3})/, '$1 ')} `,
    });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await call(t, 'GET', '/api/two-factor/', token)).json()).toMatchObject({
      enabled: true,
      recovery_codes_left: 10,
    });
    const again = await call(t, 'POST', '/api/two-factor/totp/setup/', token);
    expect(again.json()).toEqual({ detail: TWO_FACTOR_MESSAGES.alreadyOn });
  });
});

describe('signing in with two-factor on', () => {
  let email: string;
  let token: string;
  let secret: string;
  let codes: string[];

  beforeAll(async () => {
    const user = await createUser(t.db, { email: 'tf-login@client.test' });
    email = user.email;
    token = await tokenFor(t, user.id);
    ({ secret, codes } = await turnOn(t, token));
  });

  it('the right password without a code answers 400 on otp and no token', async () => {
    const res = await login(email);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ otp: [TWO_FACTOR_MESSAGES.otpRequired] });
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/token-auth/',
      payload: { username: email, password: 'not-it-at-all', otp: totpCode(secret) },
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).not.toHaveProperty('otp');
  });

  it('takes the code of the next step (a clock ahead), once; an older step afterwards is refused', async () => {
    const next = totpCode(secret, Date.now() + STEP);
    const wrong = await login(email, '999999');
    expect(wrong.json()).toEqual({ otp: [TWO_FACTOR_MESSAGES.wrongCode] });
    const first = await login(email, next);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveProperty('token');
    const reused = await login(email, next);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ otp: [TWO_FACTOR_MESSAGES.wrongCode] });
    // The step before the one spent (the set-up's) cannot come back either.
    expect((await login(email, totpCode(secret, Date.now() - STEP))).statusCode).toBe(400);
    // Two steps away is too far, whichever way.
    expect((await login(email, totpCode(secret, Date.now() + 3 * STEP))).statusCode).toBe(400);
  });

  it('a recovery code signs in once, however it is typed', async () => {
    const code = codes[0] ?? '';
    const first = await login(email, code.toUpperCase().replace('-', ' '));
    expect(first.statusCode).toBe(200);
    expect((await login(email, code)).json()).toEqual({ otp: [TWO_FACTOR_MESSAGES.wrongCode] });
    expect((await call(t, 'GET', '/api/two-factor/', token)).json()).toMatchObject({
      recovery_codes_left: 9,
    });
  });

  it('new recovery codes take a code from the app and void the old ones', async () => {
    const wrong = await call(t, 'POST', '/api/two-factor/recovery-codes/', token, {
      code: codes[1] ?? '',
    });
    expect(wrong.json()).toEqual({ code: [TWO_FACTOR_MESSAGES.wrongCode] });
    // The steps around now were spent above; as if the clock had moved on a minute:
    await t.db.update(users).set({ totpLastStep: null }).where(eq(users.email, email));
    const renewed = await call(t, 'POST', '/api/two-factor/recovery-codes/', token, {
      code: totpCode(secret),
    });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(fresh).not.toContain(codes[1]);
    expect((await login(email, codes[1] ?? '')).statusCode).toBe(400);
    codes = fresh;
  });

  it('turning it off needs the password and a code; then the password alone signs in', async () => {
    const wrongPassword = await call(t, 'POST', '/api/two-factor/disable/', token, {
      password: 'nope-nope-nope',
      code: codes[0] ?? '',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ password: [TWO_FACTOR_MESSAGES.wrongPassword] });
    const wrongCode = await call(t, 'POST', '/api/two-factor/disable/', token, {
      password: TEST_PASSWORD,
      code: '000000',
    });
    expect(wrongCode.json()).toEqual({ code: [TWO_FACTOR_MESSAGES.wrongCode] });
    expect((await login(email)).statusCode).toBe(400);

    const off = await call(t, 'POST', '/api/two-factor/disable/', token, {
      password: TEST_PASSWORD,
      code: codes[0] ?? '',
    });
    expect(off.statusCode).toBe(204);
    expect((await login(email)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/two-factor/', token)).json()).toEqual({
      enabled: false,
      recovery_codes_left: 0,
      required: false,
    });
  });
});

describe('REQUIRE_STAFF_2FA=true', () => {
  let strict: TestContext;
  beforeAll(async () => {
    strict = await createTestApp({ REQUIRE_STAFF_2FA: 'true' });
  });
  afterAll(() => strict.close());

  it('lets staff without two-factor only set it up, then everything', async () => {
    const staff = await createUser(strict.db, {
      email: 'tf-strict@studio.test',
      isSuperuser: true,
    });
    const token = await tokenFor(strict, staff.id);
    const blocked = await call(strict, 'GET', '/api/clients/', token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ detail: TWO_FACTOR_MESSAGES.requiredForStaff });
    expect((await call(strict, 'GET', '/api/users/auth/', token)).statusCode).toBe(200);
    expect((await call(strict, 'GET', '/api/two-factor/', token)).json()).toMatchObject({
      enabled: false,
      required: true,
    });
    await turnOn(strict, token);
    expect((await call(strict, 'GET', '/api/clients/', token)).statusCode).toBe(200);
  });

  it('asks nothing more of client users', async () => {
    const member = await createUser(strict.db, { email: 'tf-strict-member@client.test' });
    const token = await tokenFor(strict, member.id);
    expect((await call(strict, 'GET', '/api/estimates/', token)).statusCode).toBe(200);
    expect((await call(strict, 'GET', '/api/two-factor/', token)).json()).toMatchObject({
      required: false,
    });
  });

  it('lets staff without two-factor sign out', async () => {
    const staff = await createUser(strict.db, {
      email: 'tf-strict-out@studio.test',
      isSuperuser: true,
    });
    const token = await tokenFor(strict, staff.id);
    expect((await call(strict, 'POST', '/api/token-auth/logout/', token)).statusCode).toBe(204);
    expect((await call(strict, 'GET', '/api/users/auth/', token)).statusCode).toBe(401);
  });
});
