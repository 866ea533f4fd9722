import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PASSKEY_MESSAGES } from '@portal/contract/passkeys';
import { TWO_FACTOR_MESSAGES } from '@portal/contract/two-factor';
import { emailOutbox, users } from '../../db/schema/index';
import { createUser, TEST_PASSWORD, type TestContext } from '../../test/test-app';
import { useTestApp } from '../../test/test-world';
import { issueToken } from '../auth/tokens';
import { totpCode } from '../two-factor/totp';
import {
  createTestAuthenticator,
  type CreationOptions,
  type RequestOptions,
} from './test-authenticator';

const t = useTestApp();
// PUBLIC_URL of the test app (test/test-app.ts).
const ORIGIN = 'http://portal.test';

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token?: string | null,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: `Token ${token}` } : {},
  });
const tokenFor = async (app: TestContext, userId: number, impersonatorId?: number) =>
  (
    await issueToken(app.db, userId, {
      ttlMs: app.ctx.config.tokenIdleMs,
      ...(impersonatorId ? { impersonatorId } : {}),
    })
  ).token;

const registrationOptions = async (token: string) => {
  const res = await call('POST', '/api/passkeys/registration-options/', token, {
    password: TEST_PASSWORD,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ options: CreationOptions & Record<string, unknown> }>().options;
};
const signInOptions = async () => {
  const res = await call('POST', '/api/token-auth/passkey-options/');
  expect(res.statusCode).toBe(200);
  return res.json<{ options: RequestOptions & Record<string, unknown> }>().options;
};

/** A person with a passkey added the way Profile adds one; `later`: her account since. */
const withPasskey = async (email: string, later: Partial<typeof users.$inferInsert> = {}) => {
  const user = await createUser(t.db, { email });
  const token = await tokenFor(t, user.id);
  const authenticator = createTestAuthenticator(ORIGIN, 'portal.test');
  const added = await call('POST', '/api/passkeys/', token, {
    name: 'Laptop',
    credential: authenticator.register(await registrationOptions(token)),
  });
  expect(added.statusCode).toBe(201);
  // What changed on the account since (e.g. two-factor turned on).
  if (Object.keys(later).length > 0)
    await t.db.update(users).set(later).where(eq(users.id, user.id));
  return { user, token, authenticator, passkey: added.json<{ id: number }>() };
};

describe('passkeys, per role', () => {
  it('answers 401 to a visitor on every call of an account', async () => {
    for (const [method, url] of [
      ['GET', '/api/passkeys/'],
      ['POST', '/api/passkeys/registration-options/'],
      ['POST', '/api/passkeys/'],
      ['PATCH', '/api/passkeys/1/'],
      ['DELETE', '/api/passkeys/1/'],
    ] as const)
      expect((await call(method, url, null, { name: 'x' })).statusCode, url).toBe(401);
  });

  it('answers 403 to staff impersonating someone, before reading the body', async () => {
    const staff = await createUser(t.db, { email: 'pk-imp-staff@studio.test', isSuperuser: true });
    const member = await createUser(t.db, { email: 'pk-imp-member@client.test' });
    const token = await tokenFor(t, member.id, staff.id);
    expect((await call('GET', '/api/passkeys/', token)).statusCode).toBe(403);
    const options = await call('POST', '/api/passkeys/registration-options/', token, {});
    expect(options.statusCode).toBe(403);
  });

  it('a client user adds one after her password; it is hers alone', async () => {
    const member = await createUser(t.db, { email: 'pk-member@client.test', firstName: 'Pia' });
    const token = await tokenFor(t, member.id);
    const missing = await call('POST', '/api/passkeys/registration-options/', token, {});
    expect(missing.json()).toEqual({ password: ['This field is required.'] });
    const wrong = await call('POST', '/api/passkeys/registration-options/', token, {
      password: 'not-my-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: [PASSKEY_MESSAGES.wrongPassword] });

    const options = await registrationOptions(token);
    expect(options).toMatchObject({
      rp: { id: 'portal.test' },
      user: { name: 'pk-member@client.test', displayName: 'Pia' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    // The handle on her authenticator names neither her id nor her email.
    const handle = Buffer.from(options.user.id, 'base64url');
    expect(handle).toHaveLength(32);
    expect(handle.toString()).not.toContain('pk-member');

    const authenticator = createTestAuthenticator(ORIGIN, 'portal.test');
    const added = await call('POST', '/api/passkeys/', token, {
      name: '  ',
      credential: authenticator.register(options),
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Passkey', last_used: null, backed_up: false });
    // She is told, in the transaction that added it: a passkey she did not add is a way in.
    const [told] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'pk-member@client.test'));
    expect(told?.subject).toMatch(/^A passkey was added to your .+ account$/);
    expect(told?.text).toContain('A passkey named “Passkey” was added');
    expect(told?.text).toContain('http://portal.test/profile?tab=security');
    const list = await call('GET', '/api/passkeys/', token);
    expect(list.json()).toEqual([added.json()]);

    // The same answer again: its challenge is spent.
    const replay = await call('POST', '/api/passkeys/', token, {
      credential: authenticator.register(options),
    });
    expect(replay.json()).toEqual({ credential: [PASSKEY_MESSAGES.expired] });
    // The same authenticator on a fresh challenge: already added, and the options said so.
    const again = await registrationOptions(token);
    expect(again.excludeCredentials).toEqual([
      { id: authenticator.credentialId, type: 'public-key', transports: ['internal'] },
    ]);
    const duplicate = await call('POST', '/api/passkeys/', token, {
      credential: authenticator.register(again),
    });
    expect(duplicate.json()).toEqual({ credential: [PASSKEY_MESSAGES.alreadyAdded] });

    // Others see none of it, and cannot rename or remove it.
    const other = await createUser(t.db, { email: 'pk-other@client.test' });
    const otherToken = await tokenFor(t, other.id);
    const id = added.json<{ id: number }>().id;
    expect((await call('GET', '/api/passkeys/', otherToken)).json()).toEqual([]);
    expect(
      (await call('PATCH', `/api/passkeys/${id}/`, otherToken, { name: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/passkeys/${id}/`, otherToken)).statusCode).toBe(404);
    expect((await call('GET', '/api/passkeys/', token)).json()).toHaveLength(1);
  });

  it('asks for the authenticator’s code too when two-factor is on: a passkey skips it later', async () => {
    const member = await createUser(t.db, { email: 'pk-2fa@client.test' });
    const token = await tokenFor(t, member.id);
    const setup = await call('POST', '/api/two-factor/totp/setup/', token);
    const { secret } = setup.json<{ secret: string }>();
    const on = await call('POST', '/api/two-factor/totp/confirm/', token, {
      code: totpCode(secret),
    });
    const [recovery] = on.json<{ recovery_codes: string[] }>().recovery_codes;
    const options = (body: object) =>
      call('POST', '/api/passkeys/registration-options/', token, {
        password: TEST_PASSWORD,
        ...body,
      });
    expect((await options({})).json()).toEqual({ code: [TWO_FACTOR_MESSAGES.otpRequired] });
    expect((await options({ code: '000000' })).json()).toEqual({
      code: [TWO_FACTOR_MESSAGES.wrongCode],
    });
    // A recovery code does (she may have lost the phone), once.
    expect((await options({ code: recovery })).statusCode).toBe(200);
    expect((await options({ code: recovery })).statusCode).toBe(400);
  });

  it('refuses an answer from another origin, or without the fingerprint or PIN', async () => {
    const member = await createUser(t.db, { email: 'pk-refused@client.test' });
    const token = await tokenFor(t, member.id);
    const authenticator = createTestAuthenticator(ORIGIN, 'portal.test');
    const phished = await call('POST', '/api/passkeys/', token, {
      credential: authenticator.register(await registrationOptions(token), {
        as: 'http://portal.test.evil.example',
      }),
    });
    expect(phished.json()).toEqual({ credential: [PASSKEY_MESSAGES.failed] });
    const unverified = await call('POST', '/api/passkeys/', token, {
      credential: authenticator.register(await registrationOptions(token), { verified: false }),
    });
    expect(unverified.json()).toEqual({ credential: [PASSKEY_MESSAGES.failed] });
    const shapeless = await call('POST', '/api/passkeys/', token, { credential: { id: 'x' } });
    expect(shapeless.statusCode).toBe(400);
    for (const field of Object.keys(shapeless.json<object>()))
      expect(field).toMatch(/^credential\./);
    expect((await call('GET', '/api/passkeys/', token)).json()).toEqual([]);
  });

  it('staff add one too, and a Google-only account needs no password for it', async () => {
    const staff = await createUser(t.db, { email: 'pk-staff@studio.test', isSuperuser: true });
    expect((await registrationOptions(await tokenFor(t, staff.id))).rp).toMatchObject({
      id: 'portal.test',
    });
    const google = await createUser(t.db, { email: 'pk-google@client.test', passwordHash: null });
    const res = await call(
      'POST',
      '/api/passkeys/registration-options/',
      await tokenFor(t, google.id),
      {},
    );
    expect(res.statusCode).toBe(200);
  });

  it('renames with a name and refuses a blank one; removes', async () => {
    const { token, passkey } = await withPasskey('pk-rename@client.test');
    const blank = await call('PATCH', `/api/passkeys/${passkey.id}/`, token, { name: ' ' });
    expect(blank.json()).toEqual({ name: ['This field may not be blank.'] });
    const renamed = await call('PATCH', `/api/passkeys/${passkey.id}/`, token, {
      name: ' iPhone ',
    });
    expect(renamed.json()).toMatchObject({ id: passkey.id, name: 'iPhone' });
    expect((await call('DELETE', `/api/passkeys/${passkey.id}/`, token)).statusCode).toBe(204);
    expect((await call('GET', '/api/passkeys/', token)).json()).toEqual([]);
  });
});

describe('signing in with a passkey', () => {
  it('signs in with no password and no code, once per challenge', async () => {
    const { user, authenticator } = await withPasskey('pk-signin@client.test', {
      // Two-factor on: the passkey is both factors, so no code is asked.
      totpEnabledAt: new Date(),
    });
    const answer = authenticator.signIn(await signInOptions());
    const res = await call('POST', '/api/token-auth/passkey/', null, { credential: answer });
    expect(res.statusCode).toBe(200);
    const { token, user: signedIn } = res.json<{ token: string; user: { id: number } }>();
    expect(signedIn.id).toBe(user.id);
    expect((await call('GET', '/api/users/auth/', token)).json()).toMatchObject({ id: user.id });
    const [key] = (await call('GET', '/api/passkeys/', token)).json<{ last_used: string }[]>();
    expect(key?.last_used).not.toBeNull();

    const replay = await call('POST', '/api/token-auth/passkey/', null, { credential: answer });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ non_field_errors: [PASSKEY_MESSAGES.expired] });
  });

  it('refuses an unknown passkey, one without the fingerprint or PIN, and a removed one', async () => {
    const stranger = createTestAuthenticator(ORIGIN, 'portal.test');
    const unknown = await call('POST', '/api/token-auth/passkey/', null, {
      credential: stranger.signIn(await signInOptions()),
    });
    expect(unknown.json()).toEqual({ non_field_errors: [PASSKEY_MESSAGES.notRecognised] });

    const { token, authenticator, passkey } = await withPasskey('pk-refuse@client.test');
    const unverified = await call('POST', '/api/token-auth/passkey/', null, {
      credential: authenticator.signIn(await signInOptions(), { verified: false }),
    });
    expect(unverified.json()).toEqual({ non_field_errors: [PASSKEY_MESSAGES.failed] });
    await call('DELETE', `/api/passkeys/${passkey.id}/`, token);
    const removed = await call('POST', '/api/token-auth/passkey/', null, {
      credential: authenticator.signIn(await signInOptions()),
    });
    expect(removed.json()).toEqual({ non_field_errors: [PASSKEY_MESSAGES.notRecognised] });
  });

  it('refuses a deactivated account, and a counter that went backwards (a cloned key)', async () => {
    const { user, authenticator } = await withPasskey('pk-inactive@client.test');
    authenticator.tick();
    authenticator.tick();
    const first = await call('POST', '/api/token-auth/passkey/', null, {
      credential: authenticator.signIn(await signInOptions()),
    });
    expect(first.statusCode).toBe(200);
    // A copy of the key that has not counted as far.
    const cloned = await call('POST', '/api/token-auth/passkey/', null, {
      credential: authenticator.signIn(await signInOptions()),
    });
    expect(cloned.json()).toEqual({ non_field_errors: [PASSKEY_MESSAGES.failed] });

    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    authenticator.tick();
    const inactive = await call('POST', '/api/token-auth/passkey/', null, {
      credential: authenticator.signIn(await signInOptions()),
    });
    expect(inactive.json()).toEqual({ non_field_errors: [PASSKEY_MESSAGES.notRecognised] });
  });

  it('answers a malformed answer with 400 on credential, never a 500', async () => {
    for (const credential of [null, 'x', { id: 'x', rawId: 'x', type: 'public-key' }, []]) {
      const res = await call('POST', '/api/token-auth/passkey/', null, { credential });
      expect(res.statusCode, JSON.stringify(credential)).toBe(400);
    }
    const garbage = await call('POST', '/api/token-auth/passkey/', null, {
      credential: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: { clientDataJSON: '!!!' },
      },
    });
    expect(garbage.json()).toEqual({ non_field_errors: [PASSKEY_MESSAGES.notRecognised] });
  });
});
