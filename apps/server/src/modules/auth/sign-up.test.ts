import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, UNVERIFIED_LOGIN_DETAIL } from '@portal/contract/auth';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SIMILAR } from '@portal/contract/passwords';
import { emailOutbox, users } from '../../db/schema/index';
import { createUser } from '../../test/test-app';
import { useTestApp } from '../../test/test-world';
import { emailTokenLink, encodeUid, makeEmailToken } from './email-tokens';
import { authClient, deliver, newestLink, parseLink } from './test-helpers';

type Row = Awaited<ReturnType<typeof createUser>>;

const t = useTestApp({ THROTTLE: 'false' });
const api = authClient(t);
let staff: Row;
let alice: Row;

const PASSWORD = 'Lantern-Orbit-73';
const REQUIRED = ['This field is required.'];

const signUp = (email: string, password1 = PASSWORD, password2 = password1, token?: string) =>
  api.post('/api/users/', { email, password1, password2 }, token ? { token } : {});

const userByEmail = async (email: string) => {
  const [row] = await t.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row;
};

const verify = (uid: string, token: string) => api.post('/api/verify-email/', { uid, token });

beforeAll(async () => {
  staff = await createUser(t.db, { email: 'boss@studio.test', isSuperuser: true });
  alice = await createUser(t.db, { email: 'alice@client.test' });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('POST /api/users/ (sign-up)', () => {
  it('creates an unverified user, emails the link, and the link verifies it once', async () => {
    const res = await signUp('New.Person@Example.test');
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toEqual({
      id: expect.any(Number),
      email: 'new.person@example.test',
      first_name: '',
      last_name: '',
      phone: '',
      image: null,
      is_superuser: false,
      time_zone: null,
    });
    // Not signed in: no token in the answer.
    expect(user).not.toHaveProperty('token');
    const row = await userByEmail('new.person@example.test');
    expect(row?.emailVerified).toBe(false);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    // Until verified, the right password only asks for verification.
    const early = await api.login('new.person@example.test', PASSWORD);
    expect(early.json()).toEqual({ detail: UNVERIFIED_LOGIN_DETAIL });

    const link = await newestLink(t, 'new.person@example.test', 'verify-email');
    expect(link.uid).toBe(encodeUid(user.id));
    expect(link.message.subject).toBe('Verify your email address for Studio Portal');
    expect(link.message.text).toContain('Studio Portal');
    expect(link.message.text).toContain('valid for 3 days');
    expect(link.message.raw).toContain('text/html');

    const ok = await verify(link.uid, link.token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ detail: AUTH_MESSAGES.emailVerified });
    expect((await userByEmail('new.person@example.test'))?.emailVerified).toBe(true);

    const login = await api.login('new.person@example.test', PASSWORD);
    expect(login.statusCode).toBe(200);
    expect(await api.tokenWorks(login.json().token)).toBe(true);

    const again = await verify(link.uid, link.token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: AUTH_MESSAGES.invalidVerifyLink });
  });

  it('queues the email in the same transaction, so nothing is sent for a refused sign-up', async () => {
    const before = await t.db.select({ id: emailOutbox.id }).from(emailOutbox);
    expect((await signUp('alice@client.test')).statusCode).toBe(400);
    expect(await t.db.select({ id: emailOutbox.id }).from(emailOutbox)).toHaveLength(before.length);
  });

  it('refuses a taken email whatever its case', async () => {
    const res = await signUp('ALICE@client.test');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [AUTH_MESSAGES.duplicateEmail] });
  });

  it('refuses two different passwords', async () => {
    const res = await signUp('mismatch@example.test', PASSWORD, `${PASSWORD}x`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [AUTH_MESSAGES.passwordMismatch] });
    expect(await userByEmail('mismatch@example.test')).toBeUndefined();
  });

  it('refuses a weak password on password1, naming every problem', async () => {
    const cases: [string, string, string[]][] = [
      ['weak1@example.test', 'zq7x', [expect.stringContaining('too short')]],
      ['weak2@example.test', 'onlyletters', [expect.stringContaining('number')]],
      ['weak3@example.test', '123456789', [expect.stringContaining('letter'), PASSWORD_TOO_COMMON]],
      ['weak4@example.test', 'password1', [PASSWORD_TOO_COMMON]],
      ['martina.k@example.test', 'Martina.K-2026', [PASSWORD_TOO_SIMILAR]],
      ['weak5@example.test', 'a1'.repeat(65), [expect.stringContaining('too long')]],
    ];
    for (const [email, password, problems] of cases) {
      const res = await signUp(email, password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual({ password1: problems });
      expect(await userByEmail(email)).toBeUndefined();
    }
  });

  it('reports a taken email and a weak password together', async () => {
    const res = await signUp('alice@client.test', 'password1');
    expect(res.json()).toEqual({
      email: [AUTH_MESSAGES.duplicateEmail],
      password1: [PASSWORD_TOO_COMMON],
    });
  });

  it('is for visitors: a signed-in user, staff or an impersonator gets 403', async () => {
    const tokens = [
      await api.session(alice.id),
      await api.session(staff.id),
      await api.impersonation(alice.id, staff.id),
    ];
    for (const token of tokens) {
      // Refused before the body is even read.
      for (const payload of [
        { email: 'someone@example.test', password1: PASSWORD, password2: PASSWORD },
        {},
      ]) {
        const res = await api.post('/api/users/', payload, { token });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          detail: 'You do not have permission to perform this action.',
        });
      }
    }
    expect(await userByEmail('someone@example.test')).toBeUndefined();
  });

  it('names each missing, mistyped, malformed or over-long field', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { email: REQUIRED, password1: REQUIRED, password2: REQUIRED }],
      [{ email: 'x@example.test', password1: PASSWORD }, { password2: REQUIRED }],
      [
        { email: 'not an email', password1: PASSWORD, password2: PASSWORD },
        { email: ['Enter a valid email address.'] },
      ],
      [{ email: '   ', password1: PASSWORD, password2: PASSWORD }, { email: REQUIRED }],
      [
        { email: ['x@example.test'], password1: 12345678, password2: PASSWORD },
        { email: ['Not a valid string.'], password1: ['Not a valid string.'] },
      ],
      [
        { email: `${'a'.repeat(250)}@example.test`, password1: PASSWORD, password2: PASSWORD },
        { email: ['Ensure this field has no more than 254 characters.'] },
      ],
      [
        { email: 'x@example.test', password1: 'a1'.repeat(600), password2: PASSWORD },
        { password1: ['Ensure this field has no more than 1024 characters.'] },
      ],
      [[1, 2], { non_field_errors: ['Invalid data. Expected a dictionary.'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await api.post('/api/users/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual(errors);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "x@example.test",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toMatch(/^JSON parse error/);
  });

  it('ignores unknown fields, so nobody signs up as a superuser', async () => {
    const res = await api.post('/api/users/', {
      email: 'sneaky@example.test',
      password1: PASSWORD,
      password2: PASSWORD,
      is_superuser: true,
      email_verified: true,
      first_name: 'Sneaky',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ is_superuser: false, first_name: '' });
    const row = await userByEmail('sneaky@example.test');
    expect(row).toMatchObject({ isSuperuser: false, emailVerified: false });
  });

  it('lets exactly one of two simultaneous sign-ups for an address through', async () => {
    const [a, b] = await Promise.all([signUp('twice@example.test'), signUp('TWICE@example.test')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    const refused = a.statusCode === 400 ? a : b;
    expect(refused.json()).toEqual({ email: [AUTH_MESSAGES.duplicateEmail] });
  });
});

describe('POST /api/verify-email/', () => {
  it('refuses an expired link (3 days)', async () => {
    const start = new Date('2030-03-01T10:00:00Z');
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    expect((await signUp('late@example.test')).statusCode).toBe(201);
    const link = await newestLink(t, 'late@example.test', 'verify-email');
    vi.setSystemTime(start.getTime() + 3 * 24 * 3600_000 + 60_000);
    const res = await verify(link.uid, link.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: AUTH_MESSAGES.invalidVerifyLink });

    // Just inside the window it still works.
    vi.setSystemTime(start.getTime() + 3 * 24 * 3600_000 - 60_000);
    expect((await verify(link.uid, link.token)).statusCode).toBe(200);
  });

  it('refuses a link built with an old timestamp through the token module', async () => {
    const erin = await createUser(t.db, { email: 'erin@example.test', emailVerified: false });
    const old = Date.now() - 3 * 24 * 3600_000 - 5_000;
    const link = parseLink(
      emailTokenLink('http://portal.test', t.ctx.config.secretKey, 'verify-email', erin, old),
      'verify-email',
    );
    expect((await verify(link.uid, link.token)).statusCode).toBe(400);
    const fresh = makeEmailToken(t.ctx.config.secretKey, 'verify-email', erin);
    expect((await verify(link.uid, fresh)).statusCode).toBe(200);
  });

  it("refuses a garbled link, another user's uid, or a reset token", async () => {
    const frank = await createUser(t.db, { email: 'frank@example.test', emailVerified: false });
    const token = makeEmailToken(t.ctx.config.secretKey, 'verify-email', frank);
    const resetToken = makeEmailToken(t.ctx.config.secretKey, 'password-reset', frank);
    const attempts: [string, string][] = [
      [encodeUid(alice.id), token],
      [encodeUid(999_999), token],
      ['!!!', token],
      ['MQ==', token],
      [encodeUid(frank.id), resetToken],
      [encodeUid(frank.id), 'abc-def'],
      [encodeUid(frank.id), `${token}x`],
    ];
    for (const [uid, tok] of attempts) {
      const res = await verify(uid, tok);
      expect(res.statusCode, `${uid} ${tok}`).toBe(400);
      expect(res.json()).toEqual({ detail: AUTH_MESSAGES.invalidVerifyLink });
    }
    expect((await verify(encodeUid(frank.id), token)).statusCode).toBe(200);
  });

  it('names missing, mistyped and over-long fields', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { uid: REQUIRED, token: REQUIRED }],
      [{ uid: 1, token: 'x' }, { uid: ['Not a valid string.'] }],
      [
        { uid: 'a'.repeat(65), token: 'x'.repeat(257) },
        {
          uid: ['Ensure this field has no more than 64 characters.'],
          token: ['Ensure this field has no more than 256 characters.'],
        },
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await api.post('/api/verify-email/', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errors);
    }
  });

  it('works the same for a signed-in caller', async () => {
    const gina = await createUser(t.db, { email: 'gina@example.test', emailVerified: false });
    const token = makeEmailToken(t.ctx.config.secretKey, 'verify-email', gina);
    const res = await api.post(
      '/api/verify-email/',
      { uid: encodeUid(gina.id), token },
      { token: await api.session(staff.id) },
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /api/resend-verify-email/', () => {
  const resend = (email: unknown, token?: string) =>
    api.post('/api/resend-verify-email/', { email }, token ? { token } : {});
  const SENT = { detail: AUTH_MESSAGES.verificationSent };

  it('sends a new link to an unverified account, and either link verifies once', async () => {
    expect((await signUp('harry@example.test')).statusCode).toBe(201);
    const first = await newestLink(t, 'harry@example.test', 'verify-email');

    const res = await resend('  HARRY@example.test ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SENT);
    const messages = await deliver(t, 'harry@example.test');
    expect(messages).toHaveLength(2);
    const second = await newestLink(t, 'harry@example.test', 'verify-email');

    expect((await verify(second.uid, second.token)).statusCode).toBe(200);
    // Verifying flips the flag the tokens cover: the older link is dead too.
    expect((await verify(first.uid, first.token)).statusCode).toBe(400);
    expect((await api.login('harry@example.test', PASSWORD)).statusCode).toBe(200);
  });

  it('answers the same and sends nothing for a verified, inactive or unknown account', async () => {
    await createUser(t.db, { email: 'idle@example.test', emailVerified: false, isActive: false });
    for (const email of ['alice@client.test', 'idle@example.test', 'nobody@example.test']) {
      const res = await resend(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(SENT);
      expect(await deliver(t, email)).toHaveLength(0);
    }
  });

  it('answers visitors and signed-in callers alike', async () => {
    const res = await resend('nobody@example.test', await api.session(alice.id));
    expect(res.statusCode).toBe(200);
  });

  it('names a missing, mistyped or malformed email', async () => {
    const cases: [unknown, string[]][] = [
      [undefined, REQUIRED],
      ['', REQUIRED],
      [5, ['Not a valid string.']],
      ['nope', ['Enter a valid email address.']],
      [`${'x'.repeat(255)}@example.test`, ['Ensure this field has no more than 254 characters.']],
    ];
    for (const [email, errors] of cases) {
      const res = await resend(email);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ email: errors });
    }
  });
});
