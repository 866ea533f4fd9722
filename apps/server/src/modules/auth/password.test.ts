import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@portal/contract/auth';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SIMILAR } from '@portal/contract/passwords';
import { users } from '../../db/schema/index';
import { TEST_PASSWORD, createUser } from '../../test/test-app';
import { useTestApp } from '../../test/test-world';
import { emailTokenLink, encodeUid, makeEmailToken } from './email-tokens';
import {
  authClient,
  tokenCount,
  deliver,
  newestLink,
  parseLink,
  type EmailLink,
} from './test-helpers';

type Row = Awaited<ReturnType<typeof createUser>>;

const t = useTestApp({ THROTTLE: 'false' });
const api = authClient(t);
let staff: Row;

const NEW_PASSWORD = 'Quartz-Meadow-58';
const REQUIRED = ['This field is required.'];
const INVALID = ['Invalid value'];

const requestReset = (email: unknown) => api.post('/api/password-reset/', { email });
const confirm = (link: Pick<EmailLink, 'uid' | 'token'>, p1 = NEW_PASSWORD, p2 = p1) =>
  api.post('/api/password-reset-confirm/', {
    uid: link.uid,
    token: link.token,
    new_password1: p1,
    new_password2: p2,
  });
const change = (token: string, old: string, p1 = NEW_PASSWORD, p2 = p1) =>
  api.post(
    '/api/password-change/',
    { old_password: old, new_password1: p1, new_password2: p2 },
    { token },
  );

const resetLinkFor = async (email: string) => {
  const res = await requestReset(email);
  expect(res.statusCode).toBe(200);
  return newestLink(t, email, 'password-reset');
};

const userRow = async (id: number) => {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('no user');
  return row;
};

beforeAll(async () => {
  staff = await createUser(t.db, { email: 'boss@studio.test', isSuperuser: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('POST /api/password-reset/', () => {
  const SENT = { detail: AUTH_MESSAGES.resetSent };

  it('emails an active account a reset link', async () => {
    const user = await createUser(t.db, { email: 'ivy@client.test' });
    const res = await requestReset('  IVY@client.test ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SENT);
    const link = await newestLink(t, 'ivy@client.test', 'password-reset');
    expect(link.uid).toBe(encodeUid(user.id));
    expect(link.message.subject).toBe('Reset your Studio Portal password');
    expect(link.message.text).toContain('Studio Portal');
    expect(link.message.text).toContain('valid for 24 hours');
  });

  it('answers the same and sends nothing for an unknown or inactive account', async () => {
    await createUser(t.db, { email: 'left@client.test', isActive: false });
    for (const email of ['left@client.test', 'nobody@client.test']) {
      const res = await requestReset(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(SENT);
      expect(await deliver(t, email)).toHaveLength(0);
    }
  });

  it('answers signed-in callers too', async () => {
    const res = await api.post(
      '/api/password-reset/',
      { email: 'nobody@client.test' },
      { token: await api.session(staff.id) },
    );
    expect(res.statusCode).toBe(200);
  });

  it('names a missing, mistyped or malformed email', async () => {
    const cases: [unknown, string[]][] = [
      [undefined, REQUIRED],
      [null, REQUIRED],
      [{ a: 1 }, ['Not a valid string.']],
      ['user@', ['Enter a valid email address.']],
      [`${'x'.repeat(250)}@client.test`, ['Ensure this field has no more than 254 characters.']],
    ];
    for (const [email, errors] of cases) {
      const res = await requestReset(email);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ email: errors });
    }
  });
});

describe('POST /api/password-reset-confirm/', () => {
  it('sets the new password from the emailed link and signs out every session', async () => {
    const jack = await createUser(t.db, { email: 'jack@client.test' });
    const sessions = [await api.session(jack.id), await api.session(jack.id)];
    const acting = await api.impersonation(jack.id, staff.id);
    const link = await resetLinkFor('jack@client.test');

    const res = await confirm(link);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: AUTH_MESSAGES.passwordReset });
    for (const token of [...sessions, acting]) expect(await api.tokenWorks(token)).toBe(false);
    expect(await tokenCount(t, jack.id)).toBe(0);

    expect((await api.login('jack@client.test', TEST_PASSWORD)).statusCode).toBe(400);
    const login = await api.login('jack@client.test', NEW_PASSWORD);
    expect(login.statusCode).toBe(200);

    // Used once: the hash it covered has changed.
    const again = await confirm(link, 'Another-Pass-99');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: INVALID });
  });

  it('marks the email verified: the link proves the inbox', async () => {
    const kim = await createUser(t.db, { email: 'kim@client.test', emailVerified: false });
    const link = await resetLinkFor('kim@client.test');
    expect((await confirm(link)).statusCode).toBe(200);
    expect((await userRow(kim.id)).emailVerified).toBe(true);
    expect((await api.login('kim@client.test', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lets an account without a password (Google, invitation) set one', async () => {
    const lee = await createUser(t.db, {
      email: 'lee@client.test',
      passwordHash: null,
      emailVerified: false,
    });
    const link = await resetLinkFor('lee@client.test');
    expect((await confirm(link)).statusCode).toBe(200);
    expect((await userRow(lee.id)).passwordHash).toMatch(/^\$argon2id\$/);
    expect((await api.login('lee@client.test', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('stops working after a password change', async () => {
    const mia = await createUser(t.db, { email: 'mia@client.test' });
    const link = await resetLinkFor('mia@client.test');
    const changed = await change(await api.session(mia.id), TEST_PASSWORD, 'Changed-Pass-31');
    expect(changed.statusCode).toBe(200);
    const res = await confirm(link);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ token: INVALID });
  });

  it('stops working after the user signs in (the last login moved)', async () => {
    await createUser(t.db, { email: 'ned@client.test' });
    const link = await resetLinkFor('ned@client.test');
    expect((await api.login('ned@client.test', TEST_PASSWORD)).statusCode).toBe(200);
    expect((await confirm(link)).json()).toEqual({ token: INVALID });
  });

  it('stops working once the account has another email address', async () => {
    const nora = await createUser(t.db, { email: 'nora@client.test' });
    const link = await resetLinkFor('nora@client.test');
    await t.db.update(users).set({ email: 'nora@elsewhere.test' }).where(eq(users.id, nora.id));
    expect((await confirm(link)).json()).toEqual({ token: INVALID });
  });

  it('expires after a day', async () => {
    const start = new Date('2030-05-01T09:00:00Z');
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    await createUser(t.db, { email: 'olga@client.test' });
    const link = await resetLinkFor('olga@client.test');
    vi.setSystemTime(start.getTime() + 24 * 3600_000 + 60_000);
    const res = await confirm(link);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ token: INVALID });
    vi.setSystemTime(start.getTime() + 24 * 3600_000 - 60_000);
    expect((await confirm(link)).statusCode).toBe(200);
  });

  it('refuses a link built with an old timestamp, or a verification token', async () => {
    const pam = await createUser(t.db, { email: 'pam@client.test' });
    const secret = t.ctx.config.secretKey;
    const old = parseLink(
      emailTokenLink(
        'http://portal.test',
        secret,
        'password-reset',
        pam,
        Date.now() - 24 * 3600_000 - 5000,
      ),
      'password-reset',
    );
    expect((await confirm(old)).json()).toEqual({ token: INVALID });
    const verifyToken = makeEmailToken(secret, 'verify-email', pam);
    expect((await confirm({ uid: old.uid, token: verifyToken })).json()).toEqual({
      token: INVALID,
    });
    expect((await userRow(pam.id)).passwordHash).toBe(pam.passwordHash);
  });

  it('names a bad uid, then a bad token', async () => {
    const quinn = await createUser(t.db, { email: 'quinn@client.test' });
    const token = makeEmailToken(t.ctx.config.secretKey, 'password-reset', quinn);
    for (const uid of ['!!', 'MQ==', encodeUid(999_999), 'NDI0MjQyNDI0MjQyNDI0']) {
      const res = await confirm({ uid, token });
      expect(res.statusCode, uid).toBe(400);
      expect(res.json(), uid).toEqual({ uid: INVALID });
    }
    for (const bad of ['x', `${token}x`, token.replace(/^[0-9a-z]+/, '1')]) {
      const res = await confirm({ uid: encodeUid(quinn.id), token: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toEqual({ token: INVALID });
    }
  });

  it('reports a mismatch or a weak password on new_password2', async () => {
    const rosa = await createUser(t.db, { email: 'rosalind@client.test' });
    const link = {
      uid: encodeUid(rosa.id),
      token: makeEmailToken(t.ctx.config.secretKey, 'password-reset', rosa),
    };
    const mismatch = await confirm(link, NEW_PASSWORD, `${NEW_PASSWORD}!`);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ new_password2: [AUTH_MESSAGES.passwordMismatch] });
    const cases: [string, string[]][] = [
      ['zq7x-k', [expect.stringContaining('too short')]],
      ['iloveyou1', [PASSWORD_TOO_COMMON]],
      ['Rosalind-1999', [PASSWORD_TOO_SIMILAR]],
    ];
    for (const [password, problems] of cases) {
      const res = await confirm(link, password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual({ new_password2: problems });
    }
    // Nothing changed, so the link still works.
    expect((await confirm(link)).statusCode).toBe(200);
  });

  it('names missing, mistyped and over-long fields', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { uid: REQUIRED, token: REQUIRED, new_password1: REQUIRED, new_password2: REQUIRED }],
      [
        { uid: 'MQ', token: 'x', new_password1: 1, new_password2: false },
        { new_password1: ['Not a valid string.'], new_password2: ['Not a valid string.'] },
      ],
      [
        { uid: 'x'.repeat(65), token: 'x', new_password1: 'a', new_password2: 'a' },
        { uid: ['Ensure this field has no more than 64 characters.'] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await api.post('/api/password-reset-confirm/', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errors);
    }
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    await createUser(t.db, { email: 'sam@client.test' });
    const link = await resetLinkFor('sam@client.test');
    const results = await Promise.all([confirm(link), confirm(link, 'Other-Valid-Pass-7')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});

describe('POST /api/password-change/', () => {
  it('needs a token', async () => {
    const res = await api.post('/api/password-change/', {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('answers a new working token and ends every other session, the old one included', async () => {
    const tess = await createUser(t.db, { email: 'tess@client.test' });
    const current = await api.session(tess.id);
    const other = await api.session(tess.id);
    const res = await change(current, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string }>();
    expect(Object.keys(body)).toEqual(['token']);
    expect(body.token).toMatch(/^[0-9a-f]{64}$/);
    expect(await api.tokenWorks(body.token)).toBe(true);
    expect(await api.tokenWorks(current)).toBe(false);
    expect(await api.tokenWorks(other)).toBe(false);
    expect(await tokenCount(t, tess.id)).toBe(1);

    expect((await api.login('tess@client.test', TEST_PASSWORD)).statusCode).toBe(400);
    expect((await api.login('tess@client.test', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('works for staff', async () => {
    const ops = await createUser(t.db, { email: 'ops@studio.test', isSuperuser: true });
    const res = await change(await api.session(ops.id), TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(await api.tokenWorks(res.json().token)).toBe(true);
  });

  it('refuses a wrong old password on old_password, changing nothing', async () => {
    const uma = await createUser(t.db, { email: 'uma@client.test' });
    const token = await api.session(uma.id);
    const res = await change(token, 'not-my-password-1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ old_password: [AUTH_MESSAGES.wrongOldPassword] });
    expect(await api.tokenWorks(token)).toBe(true);
    expect((await userRow(uma.id)).passwordHash).toBe(uma.passwordHash);
  });

  it('reports a mismatch or a weak new password on new_password2, with a wrong old one', async () => {
    const vera = await createUser(t.db, { email: 'veronica@client.test' });
    const token = await api.session(vera.id);
    expect((await change(token, TEST_PASSWORD, NEW_PASSWORD, 'different-1')).json()).toEqual({
      new_password2: [AUTH_MESSAGES.passwordMismatch],
    });
    expect((await change(token, TEST_PASSWORD, 'qwerty123')).json()).toEqual({
      new_password2: [PASSWORD_TOO_COMMON],
    });
    expect((await change(token, TEST_PASSWORD, 'veronica-2030')).json()).toEqual({
      new_password2: [PASSWORD_TOO_SIMILAR],
    });
    expect((await change(token, 'wrong-old-1', 'nodigits')).json()).toEqual({
      old_password: [AUTH_MESSAGES.wrongOldPassword],
      new_password2: [expect.stringContaining('number')],
    });
    expect(await api.tokenWorks(token)).toBe(true);
  });

  it('is refused to an impersonator, leaving the password alone', async () => {
    const walt = await createUser(t.db, { email: 'walt@client.test' });
    const acting = await api.impersonation(walt.id, staff.id);
    const res = await change(acting, TEST_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    // Refused before the body is read.
    expect((await api.post('/api/password-change/', {}, { token: acting })).statusCode).toBe(403);
    expect((await userRow(walt.id)).passwordHash).toBe(walt.passwordHash);
    expect(await api.tokenWorks(acting)).toBe(true);
  });

  it('names missing, mistyped and over-long fields', async () => {
    const xena = await createUser(t.db, { email: 'xena@client.test' });
    const token = await api.session(xena.id);
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { old_password: REQUIRED, new_password1: REQUIRED, new_password2: REQUIRED }],
      [
        { old_password: TEST_PASSWORD, new_password1: [NEW_PASSWORD], new_password2: NEW_PASSWORD },
        { new_password1: ['Not a valid string.'] },
      ],
      [
        {
          old_password: 'x'.repeat(1025),
          new_password1: NEW_PASSWORD,
          new_password2: NEW_PASSWORD,
        },
        { old_password: ['Ensure this field has no more than 1024 characters.'] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await api.post('/api/password-change/', payload, { token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/password-change/',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      payload: '{old_password: 1}',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toMatch(/^JSON parse error/);
  });
});
