import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authTokens, impersonations, users } from '../../db/schema/index';
import { createUser } from '../../test/test-app';
import { useTestApp } from '../../test/test-world';
import { issueToken } from '../auth/tokens';
import { multipart } from '../../test/multipart';
import { clients, clientUsers } from '../../db/schema/index';
import { userSchema } from '@portal/contract/users';
import { userSearchCondition } from './service';

type Row = Awaited<ReturnType<typeof createUser>>;

const t = useTestApp();
let staff: Row;
let otherStaff: Row;
let alice: Row;
let bob: Row;
let inactive: Row;
let staffToken: string;
let aliceToken: string;
let bobToken: string;

const login = async (userId: number) =>
  (await issueToken(t.db, userId, { ttlMs: t.ctx.config.tokenIdleMs })).token;
const auth = (token: string) => ({ authorization: `Token ${token}` });
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
const patch = (url: string, payload: unknown, token?: string) =>
  t.app.inject({
    method: 'PATCH',
    url,
    payload: payload as object,
    headers: token ? auth(token) : {},
  });
const impersonate = async (targetId: number, token = staffToken) => {
  const res = await get(`/api/users/${targetId}/impersonate/`, token);
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string; user: { id: number } }>().token;
};

beforeAll(async () => {
  staff = await createUser(t.db, {
    email: 'boss@studio.test',
    firstName: 'Bea',
    lastName: 'Boss',
    isSuperuser: true,
  });
  otherStaff = await createUser(t.db, { email: 'ops@studio.test', isSuperuser: true });
  alice = await createUser(t.db, {
    email: 'alice@client.test',
    firstName: 'Alice',
    lastName: 'Smith',
    phone: '555-0100',
  });
  bob = await createUser(t.db, { email: 'bob@client.test', firstName: 'Bob', lastName: 'Jones' });
  inactive = await createUser(t.db, { email: 'gone@client.test', isActive: false });
  staffToken = await login(staff.id);
  aliceToken = await login(alice.id);
  bobToken = await login(bob.id);
});

describe('GET /api/users/auth/', () => {
  it('answers 401 to a visitor', async () => {
    const res = await get('/api/users/auth/');
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Token');
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('answers 401 to an unknown token', async () => {
    const res = await get('/api/users/auth/', 'f'.repeat(64));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Invalid token.' });
  });

  it('answers the signed-in user in the spec shape', async () => {
    const res = await get('/api/users/auth/', aliceToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: alice.id,
      email: 'alice@client.test',
      first_name: 'Alice',
      last_name: 'Smith',
      phone: '555-0100',
      image: null,
      is_superuser: false,
      time_zone: null,
    });
    // Sent without the serializer's zod pass: the bytes are exactly what the schema would give.
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(JSON.stringify(userSchema.strict().parse(res.json())));
    expect(Object.keys(res.json())).toEqual(Object.keys(userSchema.shape));
  });

  it('answers a superuser with is_superuser true', async () => {
    const res = await get('/api/users/auth/', staffToken);
    expect(res.json()).toMatchObject({ id: staff.id, is_superuser: true });
  });
});

describe('GET /api/users/ (search)', () => {
  it('is for superusers only', async () => {
    expect((await get('/api/users/')).statusCode).toBe(401);
    const res = await get('/api/users/', aliceToken);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: 'You do not have permission to perform this action.',
    });
  });

  it('lists everyone ordered by email without a search', async () => {
    const res = await get('/api/users/', staffToken);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ count: number; results: { email: string }[] }>();
    expect(body.count).toBe(5);
    expect(body.results.map((u) => u.email)).toEqual([
      'alice@client.test',
      'bob@client.test',
      'boss@studio.test',
      'gone@client.test',
      'ops@studio.test',
    ]);
  });

  it('matches partial email, first and last name, ignoring case', async () => {
    const emails = async (search: string) =>
      (await get(`/api/users/?search=${encodeURIComponent(search)}`, staffToken))
        .json<{ results: { email: string }[] }>()
        .results.map((u) => u.email);
    expect(await emails('CLIENT.te')).toEqual([
      'alice@client.test',
      'bob@client.test',
      'gone@client.test',
    ]);
    expect(await emails('smi')).toEqual(['alice@client.test']);
    expect(await emails('ALI')).toEqual(['alice@client.test']);
    expect(await emails('jones bob')).toEqual(['bob@client.test']);
    expect(await emails('nobody-like-this')).toEqual([]);
    // LIKE wildcards typed by a person are literal.
    expect(await emails('%')).toEqual([]);
    expect(await emails('_')).toEqual([]);
  });

  it('paginates with count, next and previous', async () => {
    const first = await get('/api/users/?page_size=2', staffToken);
    expect(first.json()).toMatchObject({
      count: 5,
      next: 'http://localhost/api/users/?page_size=2&page=2',
      previous: null,
    });
    const last = await get('/api/users/?page_size=2&page=last', staffToken);
    const body = last.json<{ next: string | null; previous: string; results: unknown[] }>();
    expect(body.results).toHaveLength(1);
    expect(body.next).toBeNull();
    expect(body.previous).toContain('page=2');
    const beyond = await get('/api/users/?page=9', staffToken);
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json()).toEqual({ detail: 'Invalid page.' });
  });

  it('reads paging as DRF does: page size capped at 100, a bad page is 404; long search 400', async () => {
    const capped = await get('/api/users/?page_size=1000', staffToken);
    expect(capped.statusCode).toBe(200);
    expect(capped.json().next).toBeNull();
    const fallback = await get('/api/users/?page_size=abc', staffToken);
    expect(fallback.statusCode).toBe(200);
    for (const page of ['0', 'abc', '-1'])
      expect((await get(`/api/users/?page=${page}`, staffToken)).json()).toEqual({
        detail: 'Invalid page.',
      });
    const tooLong = await get(`/api/users/?search=${'x'.repeat(300)}`, staffToken);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toHaveProperty('search');
  });

  it('uses the trigram index for the search', async () => {
    // A handful of rows never needs an index, so the planner is told to avoid scanning.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const found = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`EXPLAIN ${tx.select({ id: users.id }).from(users).where(userSearchCondition('smi'))}`,
      );
      return found.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('users_search_trgm');
  });
});

describe('GET /api/users/{id}/', () => {
  it('answers 401 to a visitor', async () => {
    expect((await get(`/api/users/${alice.id}/`)).statusCode).toBe(401);
  });

  it('answers a user their own record', async () => {
    const res = await get(`/api/users/${alice.id}/`, aliceToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: alice.id, email: 'alice@client.test' });
  });

  it("answers 404 for someone else's record, as if it did not exist", async () => {
    const res = await get(`/api/users/${alice.id}/`, bobToken);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers a superuser any record, and 404 for unknown or malformed ids', async () => {
    expect((await get(`/api/users/${bob.id}/`, staffToken)).json()).toMatchObject({ id: bob.id });
    expect((await get('/api/users/999999/', staffToken)).statusCode).toBe(404);
    expect((await get('/api/users/abc/', staffToken)).statusCode).toBe(404);
    expect((await get('/api/users/1.5/', staffToken)).statusCode).toBe(404);
    expect((await get('/api/users/99999999999/', staffToken)).statusCode).toBe(404);
  });
});

describe('PATCH /api/users/{id}/ (JSON)', () => {
  it('answers 401 to a visitor and 404 to another user', async () => {
    expect((await patch(`/api/users/${alice.id}/`, { first_name: 'X' })).statusCode).toBe(401);
    const res = await patch(`/api/users/${alice.id}/`, { first_name: 'Mallory' }, bobToken);
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.select().from(users).where(eq(users.id, alice.id));
    expect(row?.firstName).toBe('Alice');
  });

  it('updates the profile fields, trims them and answers the user', async () => {
    const res = await patch(
      `/api/users/${bob.id}/`,
      { first_name: '  Robert ', last_name: 'Jones-Smith', phone: '+1 555 0101', colour: 'blue' },
      bobToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: bob.id,
      first_name: 'Robert',
      last_name: 'Jones-Smith',
      phone: '+1 555 0101',
    });
    expect((await get(`/api/users/${bob.id}/`, bobToken)).json()).toMatchObject({
      first_name: 'Robert',
    });
  });

  it('ignores is_superuser and email from a regular user', async () => {
    const res = await patch(
      `/api/users/${bob.id}/`,
      { is_superuser: true, email: 'bob@evil.test', phone: '1' },
      bobToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'bob@client.test', is_superuser: false, phone: '1' });
    const [row] = await t.db.select().from(users).where(eq(users.id, bob.id));
    expect(row).toMatchObject({ email: 'bob@client.test', isSuperuser: false });
    // Not even validated: a nonsense value is ignored rather than refused.
    expect((await patch(`/api/users/${bob.id}/`, { is_superuser: 'x' }, bobToken)).statusCode).toBe(
      200,
    );
  });

  it('answers 400 naming the field for bad input', async () => {
    const long = await patch(`/api/users/${bob.id}/`, { first_name: 'x'.repeat(151) }, bobToken);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      first_name: ['Ensure this field has no more than 150 characters.'],
    });
    const wrongType = await patch(`/api/users/${bob.id}/`, { phone: 42 }, bobToken);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toHaveProperty('phone');
    const notAFile = await patch(`/api/users/${bob.id}/`, { image: 'http://x/y.png' }, bobToken);
    expect(notAFile.statusCode).toBe(400);
    expect(notAFile.json()).toEqual({
      image: ['The submitted data was not a file. Check the encoding type on the form.'],
    });
    const badJson = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${bob.id}/`,
      headers: { ...auth(bobToken), 'content-type': 'application/json' },
      payload: '{"first_name": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toHaveProperty('detail');
    const nullBody = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${bob.id}/`,
      headers: { ...auth(bobToken), 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(nullBody.statusCode).toBe(400);
    expect(nullBody.json()).toEqual({
      non_field_errors: ['Invalid data. Expected a dictionary, but got null.'],
    });
    const list = await patch(`/api/users/${bob.id}/`, [1, 2], bobToken);
    expect(list.statusCode).toBe(400);
  });

  it('lets a superuser edit anyone, including email and is_superuser', async () => {
    const res = await patch(
      `/api/users/${alice.id}/`,
      { last_name: 'Smythe', email: 'alice.smythe@client.test' },
      staffToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ last_name: 'Smythe', email: 'alice.smythe@client.test' });
    const taken = await patch(`/api/users/${alice.id}/`, { email: 'BOB@client.test' }, staffToken);
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ email: ['A user with that email already exists.'] });
    const invalid = await patch(`/api/users/${alice.id}/`, { email: 'nope' }, staffToken);
    expect(invalid.json()).toEqual({ email: ['Enter a valid email address.'] });
    await patch(`/api/users/${alice.id}/`, { email: 'alice@client.test' }, staffToken);
    expect((await patch('/api/users/999999/', { phone: '1' }, staffToken)).statusCode).toBe(404);
  });

  it('lets a superuser promote a user but not demote themself', async () => {
    const promoted = await patch(`/api/users/${bob.id}/`, { is_superuser: true }, staffToken);
    expect(promoted.json()).toMatchObject({ is_superuser: true });
    const demoted = await patch(`/api/users/${bob.id}/`, { is_superuser: 'false' }, staffToken);
    expect(demoted.json()).toMatchObject({ is_superuser: false });
    const self = await patch(`/api/users/${staff.id}/`, { is_superuser: false }, staffToken);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({
      is_superuser: ['You cannot remove your own superuser status.'],
    });
  });
});

describe('impersonation', () => {
  it('answers 401 to a visitor and 403 to a regular user', async () => {
    expect((await get(`/api/users/${bob.id}/impersonate/`)).statusCode).toBe(401);
    const res = await get(`/api/users/${bob.id}/impersonate/`, aliceToken);
    expect(res.statusCode).toBe(403);
  });

  it('starts a session as the target and records who started it', async () => {
    const before = Date.now();
    const res = await get(`/api/users/${alice.id}/impersonate/`, staffToken);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; user: { id: number; email: string } }>();
    expect(body.user).toMatchObject({ id: alice.id, email: 'alice@client.test' });
    expect(body.token).toMatch(/^[0-9a-f]{64}$/);

    const me = await get('/api/users/auth/', body.token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual((await get('/api/users/auth/', aliceToken)).json());

    const audit = await t.db
      .select()
      .from(impersonations)
      .where(eq(impersonations.targetId, alice.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ impersonatorId: staff.id, ip: '127.0.0.1' });
    expect(audit[0]!.startedAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);

    const [token] = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.impersonatorId, staff.id));
    expect(token?.userId).toBe(alice.id);
    const lifetime = token!.expiresAt.getTime() - token!.createdAt.getTime();
    expect(Math.abs(lifetime - t.ctx.config.impersonationMs)).toBeLessThan(60_000);
  });

  it('acts as the target everywhere: their detail, their profile, not others', async () => {
    const token = await impersonate(alice.id);
    expect((await get(`/api/users/${alice.id}/`, token)).statusCode).toBe(200);
    expect((await get(`/api/users/${bob.id}/`, token)).statusCode).toBe(404);
    expect((await get('/api/users/', token)).statusCode).toBe(403);
    const edit = await patch(`/api/users/${alice.id}/`, { phone: '555-0199' }, token);
    expect(edit.json()).toMatchObject({ phone: '555-0199' });
    const escalate = await patch(`/api/users/${alice.id}/`, { is_superuser: true }, token);
    expect(escalate.json()).toMatchObject({ is_superuser: false });
  });

  it('refuses nested impersonation', async () => {
    const token = await impersonate(alice.id);
    const res = await get(`/api/users/${bob.id}/impersonate/`, token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: 'You cannot start impersonation while impersonating another user.',
    });
  });

  it('refuses oneself, another superuser and an inactive user; 404 for unknown', async () => {
    const self = await get(`/api/users/${staff.id}/impersonate/`, staffToken);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ detail: 'You cannot impersonate yourself.' });
    const peer = await get(`/api/users/${otherStaff.id}/impersonate/`, staffToken);
    expect(peer.statusCode).toBe(403);
    expect(peer.json()).toEqual({ detail: 'You cannot impersonate another superuser.' });
    const gone = await get(`/api/users/${inactive.id}/impersonate/`, staffToken);
    expect(gone.statusCode).toBe(403);
    expect(gone.json()).toEqual({ detail: 'You cannot impersonate an inactive user.' });
    expect((await get('/api/users/999999/impersonate/', staffToken)).statusCode).toBe(404);
    expect((await get('/api/users/abc/impersonate/', staffToken)).statusCode).toBe(404);
    const audit = await t.db
      .select()
      .from(impersonations)
      .where(eq(impersonations.targetId, otherStaff.id));
    expect(audit).toHaveLength(0);
  });

  it("ends with the impersonator's logoutall; the target's own sessions stay", async () => {
    const opsToken = await login(otherStaff.id);
    const token = await impersonate(alice.id, opsToken);
    expect((await get('/api/users/auth/', token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/token-auth/logoutall/',
      headers: auth(opsToken),
    });
    expect(out.statusCode).toBe(204);
    expect((await get('/api/users/auth/', token)).json()).toEqual({ detail: 'Invalid token.' });
    expect((await get('/api/users/auth/', opsToken)).statusCode).toBe(401);
    expect((await get('/api/users/auth/', aliceToken)).json()).toMatchObject({ id: alice.id });
    expect((await get('/api/users/auth/', staffToken)).json()).toMatchObject({ id: staff.id });
  });

  it('stops working once the impersonation token expires', async () => {
    const token = await impersonate(bob.id);
    expect((await get('/api/users/auth/', token)).statusCode).toBe(200);
    await t.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(and(eq(authTokens.userId, bob.id), isNotNull(authTokens.impersonatorId)));
    const res = await get('/api/users/auth/', token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Invalid token.' });
    // The impersonator's own session is untouched.
    expect((await get('/api/users/auth/', staffToken)).json()).toMatchObject({ id: staff.id });
  });
});

describe('time_zone (issue 25, one clock)', () => {
  const zoneOf = async (id: number) =>
    (await t.db.select({ zone: users.timeZone }).from(users).where(eq(users.id, id)))[0]?.zone;
  const UNKNOWN =
    '"Mars/Olympus_Mons" is not a known time zone. Use an IANA name such as "Europe/Paris".';
  let member: Row;
  let memberToken: string;

  beforeAll(async () => {
    member = await createUser(t.db, { email: 'zone-member@client.test' });
    const [client] = await t.db
      .insert(clients)
      .values({ name: 'Zone Client', slug: 'zone-client' })
      .returning();
    await t.db.insert(clientUsers).values({ clientId: client!.id, userId: member.id });
    memberToken = await login(member.id);
  });

  it('is null until set, and a visitor can set nobody’s', async () => {
    expect((await get(`/api/users/${member.id}/`, memberToken)).json()).toMatchObject({
      time_zone: null,
    });
    const res = await patch(`/api/users/${member.id}/`, { time_zone: 'Europe/Paris' });
    expect(res.statusCode).toBe(401);
    expect(await zoneOf(member.id)).toBeNull();
  });

  it('a client user sets her own, spelled as the runtime knows it, by JSON or the profile form', async () => {
    const json = await patch(
      `/api/users/${member.id}/`,
      { time_zone: 'europe/paris' },
      memberToken,
    );
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ time_zone: 'Europe/Paris' });
    expect((await get('/api/users/auth/', memberToken)).json()).toMatchObject({
      time_zone: 'Europe/Paris',
    });

    const form = multipart([{ name: 'time_zone', value: 'US/Eastern' }]);
    const viaForm = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${member.id}/`,
      payload: form.payload,
      headers: { ...form.headers, ...auth(memberToken) },
    });
    expect(viaForm.statusCode).toBe(200);
    expect(viaForm.json()).toMatchObject({ time_zone: 'America/New_York' });
  });

  it('a user with no client sets theirs; nobody else’s (404, unchanged)', async () => {
    const own = await patch(`/api/users/${bob.id}/`, { time_zone: 'Asia/Tokyo' }, bobToken);
    expect(own.json()).toMatchObject({ time_zone: 'Asia/Tokyo' });
    const before = await zoneOf(member.id);
    const other = await patch(`/api/users/${member.id}/`, { time_zone: 'UTC' }, bobToken);
    expect(other.statusCode).toBe(404);
    expect(await zoneOf(member.id)).toBe(before);
  });

  it('a superuser sets anyone’s; staff impersonating the person set theirs', async () => {
    const res = await patch(
      `/api/users/${member.id}/`,
      { time_zone: 'Australia/Sydney' },
      staffToken,
    );
    expect(res.json()).toMatchObject({ time_zone: 'Australia/Sydney' });
    const asMember = await impersonate(member.id);
    const impersonated = await patch(`/api/users/${member.id}/`, { time_zone: 'UTC' }, asMember);
    expect(impersonated.json()).toMatchObject({ time_zone: 'UTC' });
    expect(await zoneOf(staff.id)).toBeNull();
  });

  it('refuses an unknown zone, an offset, a blank or a non-string with a 400 on the field, saving nothing', async () => {
    await patch(`/api/users/${member.id}/`, { time_zone: 'Europe/Berlin' }, memberToken);
    const cases: [unknown, string][] = [
      ['Mars/Olympus_Mons', UNKNOWN],
      ['+01:00', '"+01:00" is not a known time zone. Use an IANA name such as "Europe/Paris".'],
      ['  ', 'This field may not be blank.'],
      [42, 'Not a valid string.'],
      ['x'.repeat(65), 'Ensure this field has no more than 64 characters.'],
    ];
    for (const [value, message] of cases) {
      const res = await patch(
        `/api/users/${member.id}/`,
        { first_name: 'Changed', time_zone: value },
        memberToken,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ time_zone: [message] });
    }
    expect(await zoneOf(member.id)).toBe('Europe/Berlin');
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.firstName).toBe('');
  });
});
