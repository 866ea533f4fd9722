import { eq, sql } from 'drizzle-orm';
import type * as Argon2 from '@node-rs/argon2';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, UNVERIFIED_LOGIN_DETAIL } from '@portal/contract/auth';
import { authTokens, users } from '../../db/schema/index';
import { TEST_PASSWORD, createUser } from '../../test/test-app';
import { useTestApp } from '../../test/test-world';
import { toUserDto } from '../users/serialize';
import { authClient, tokenCount } from './test-helpers';

// The real Argon2id, watched: which hash each login checks a password against.
const argon2 = vi.hoisted(() => ({ verified: [] as string[] }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon2.verified.push(String(args[0]));
      return real.verify(...args);
    },
  };
});

type Row = Awaited<ReturnType<typeof createUser>>;

// Throttling has its own file; here many failures in a row must stay plain 400s.
const t = useTestApp({ THROTTLE: 'false' });
const api = authClient(t);
let staff: Row;
let alice: Row;
let bob: Row;

const BAD_CREDENTIALS = { non_field_errors: [AUTH_MESSAGES.invalidCredentials] };

beforeAll(async () => {
  staff = await createUser(t.db, { email: 'boss@studio.test', isSuperuser: true });
  alice = await createUser(t.db, { email: 'Alice@Client.test', firstName: 'Alice' });
  bob = await createUser(t.db, { email: 'bob@client.test' });
});

describe('POST /api/token-auth/', () => {
  it('signs a user in with a token, its expiry and the user, and records the login', async () => {
    const before = Date.now();
    const res = await api.login('alice@client.test', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; expiry: string; user: unknown }>();
    expect(body.token).toMatch(/^[0-9a-f]{64}$/);
    const expiry = Date.parse(body.expiry);
    expect(expiry).toBeGreaterThanOrEqual(before + t.ctx.config.tokenIdleMs - 1000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + t.ctx.config.tokenIdleMs + 1000);

    const [row] = await t.db.select().from(users).where(eq(users.id, alice.id));
    expect(row?.lastLogin?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(body.user).toEqual(toUserDto(row ?? alice, 'http://portal.test'));
    expect(body.user).toMatchObject({ email: 'Alice@Client.test', is_superuser: false });
    expect(await api.tokenWorks(body.token)).toBe(true);
  });

  it('matches the email whatever its case and surrounding spaces', async () => {
    const res = await api.login('  ALICE@client.TEST ', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(alice.id);
  });

  it('signs staff in as superusers', async () => {
    const res = await api.login('boss@studio.test', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: staff.id, is_superuser: true });
  });

  it('gives each login its own token, so several devices stay signed in', async () => {
    const first = (await api.login('bob@client.test', TEST_PASSWORD)).json().token as string;
    // A signed-in caller may sign in again (another tab, another device).
    const second = await api.login('bob@client.test', TEST_PASSWORD, { token: first });
    expect(second.statusCode).toBe(200);
    expect(second.json().token).not.toBe(first);
    expect(await api.tokenWorks(first)).toBe(true);
    expect(await api.tokenWorks(second.json().token)).toBe(true);
  });

  it('refuses a wrong password, an unknown email, an inactive or password-less account alike', async () => {
    await createUser(t.db, { email: 'gone@client.test', isActive: false });
    await createUser(t.db, { email: 'google@client.test', passwordHash: null });
    const attempts: [string, string][] = [
      ['alice@client.test', 'wrong-password-1'],
      ['nobody@client.test', TEST_PASSWORD],
      ['gone@client.test', TEST_PASSWORD],
      ['google@client.test', TEST_PASSWORD],
      ['google@client.test', ''.padEnd(8, 'x')],
      ['not-an-email', TEST_PASSWORD],
    ];
    for (const [username, password] of attempts) {
      const res = await api.login(username, password);
      expect(res.statusCode, username).toBe(400);
      expect(res.json(), username).toEqual(BAD_CREDENTIALS);
    }
  });

  it('spends the same hashing work on unknown emails as on known ones', async () => {
    // Timing alone cannot prove this on a busy machine; what each login hashes can. Every login
    // checks one Argon2id hash of the same cost (19 MiB, t=2), the account's or a stand-in.
    const checked = async (username: string) => {
      argon2.verified.length = 0;
      await api.login(username, 'wrong-password-1');
      return argon2.verified.map((hashed) => hashed.split('$').slice(1, 4).join('$'));
    };
    const profile = 'argon2id$v=19$m=19456,t=2,p=1';
    expect(await checked('alice@client.test')).toEqual([profile]);
    expect(await checked('nobody-at-all@client.test')).toEqual([profile]);
    expect(await checked('google@client.test')).toEqual([profile]);
  });

  it('tells an unverified user with the right password to verify, without signing in', async () => {
    const carol = await createUser(t.db, { email: 'carol@client.test', emailVerified: false });
    const res = await api.login('carol@client.test', TEST_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: UNVERIFIED_LOGIN_DETAIL });
    expect(UNVERIFIED_LOGIN_DETAIL).toContain('verification');
    expect(await tokenCount(t, carol.id)).toBe(0);
    const [row] = await t.db.select().from(users).where(eq(users.id, carol.id));
    expect(row?.lastLogin).toBeNull();

    // A wrong password reveals nothing about the account's state.
    const wrong = await api.login('carol@client.test', 'wrong-password-1');
    expect(wrong.json()).toEqual(BAD_CREDENTIALS);
  });

  it('names each missing, mistyped or over-long field', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { username: ['This field is required.'], password: ['This field is required.'] }],
      [{ username: 'alice@client.test' }, { password: ['This field is required.'] }],
      [
        { username: '', password: '' },
        { username: ['This field is required.'], password: ['This field is required.'] },
      ],
      [{ username: null, password: TEST_PASSWORD }, { username: ['This field is required.'] }],
      [
        { username: 42, password: ['x'] },
        { username: ['Not a valid string.'], password: ['Not a valid string.'] },
      ],
      [
        { username: `${'a'.repeat(250)}@x.test`, password: TEST_PASSWORD },
        { username: ['Ensure this field has no more than 254 characters.'] },
      ],
      [
        { username: 'alice@client.test', password: 'x'.repeat(1025) },
        { password: ['Ensure this field has no more than 1024 characters.'] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await api.post('/api/token-auth/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual(errors);
    }
  });

  it('answers 400 for a body that is not a JSON object', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/token-auth/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "alice@client.test", "password": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toMatch(/^JSON parse error/);

    const array = await api.post('/api/token-auth/', ['alice@client.test', TEST_PASSWORD]);
    expect(array.statusCode).toBe(400);
    expect(array.json()).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary.'] });

    const none = await api.post('/api/token-auth/');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      username: ['This field is required.'],
      password: ['This field is required.'],
    });
  });

  it('ignores unknown fields', async () => {
    const res = await api.post('/api/token-auth/', {
      username: 'bob@client.test',
      password: TEST_PASSWORD,
      is_superuser: true,
      remember: 'yes',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.is_superuser).toBe(false);
  });
});

describe('token expiry', () => {
  it('refuses a token whose idle expiry has passed', async () => {
    const token = await api.session(bob.id);
    expect(await api.tokenWorks(token)).toBe(true);
    await t.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.userId, bob.id));
    const res = await api.post('/api/token-auth/logout/', undefined, { token });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Invalid token.' });
    expect(res.headers['www-authenticate']).toBe('Token');
    expect(await api.tokenWorks(token)).toBe(false);
  });
});

describe('POST /api/token-auth/logout/', () => {
  it('needs a token', async () => {
    const res = await api.post('/api/token-auth/logout/');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect(res.headers['www-authenticate']).toBe('Token');
  });

  it('ends only the session that calls it', async () => {
    const phone = await api.session(alice.id);
    const laptop = await api.session(alice.id);
    const res = await api.post('/api/token-auth/logout/', undefined, { token: phone });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await api.tokenWorks(phone)).toBe(false);
    expect(await api.tokenWorks(laptop)).toBe(true);
  });

  it('accepts the empty JSON body many clients send with a bare POST', async () => {
    const token = await api.session(bob.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token-auth/logout/',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(204);
    expect(await api.tokenWorks(token)).toBe(false);
  });

  it('works for staff', async () => {
    const token = await api.session(staff.id);
    expect((await api.post('/api/token-auth/logout/', {}, { token })).statusCode).toBe(204);
    expect(await api.tokenWorks(token)).toBe(false);
  });

  it('ends an impersonation without touching either real session', async () => {
    const staffToken = await api.session(staff.id);
    const aliceToken = await api.session(alice.id);
    const acting = await api.impersonation(alice.id, staff.id);
    const me = await api.get('/api/users/auth/', { token: acting });
    expect(me.json().id).toBe(alice.id);

    const res = await api.post('/api/token-auth/logout/', undefined, { token: acting });
    expect(res.statusCode).toBe(204);
    expect(await api.tokenWorks(acting)).toBe(false);
    expect(await api.tokenWorks(staffToken)).toBe(true);
    expect(await api.tokenWorks(aliceToken)).toBe(true);
  });
});

describe('POST /api/token-auth/logoutall/', () => {
  it('needs a token', async () => {
    const res = await api.post('/api/token-auth/logoutall/');
    expect(res.statusCode).toBe(401);
  });

  it("ends every session of the user and nobody else's", async () => {
    const dave = await createUser(t.db, { email: 'dave@client.test' });
    const tokens = [await api.session(dave.id), await api.session(dave.id)];
    const login = await api.login('dave@client.test', TEST_PASSWORD);
    tokens.push(login.json().token);
    const bobToken = await api.session(bob.id);

    const res = await api.post('/api/token-auth/logoutall/', undefined, { token: tokens[0] });
    expect(res.statusCode).toBe(204);
    for (const token of tokens) expect(await api.tokenWorks(token)).toBe(false);
    expect(await tokenCount(t, dave.id)).toBe(0);
    expect(await api.tokenWorks(bobToken)).toBe(true);
  });

  it('works for staff', async () => {
    const ops = await createUser(t.db, { email: 'ops@studio.test', isSuperuser: true });
    const a = await api.session(ops.id);
    const b = await api.session(ops.id);
    expect((await api.post('/api/token-auth/logoutall/', {}, { token: a })).statusCode).toBe(204);
    expect(await api.tokenWorks(b)).toBe(false);
  });

  it('is refused to an impersonator, who may not sign the user out everywhere', async () => {
    const aliceToken = await api.session(alice.id);
    const acting = await api.impersonation(alice.id, staff.id);
    const res = await api.post('/api/token-auth/logoutall/', undefined, { token: acting });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect(await api.tokenWorks(aliceToken)).toBe(true);
    expect(await api.tokenWorks(acting)).toBe(true);
  });
});
