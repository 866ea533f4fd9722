import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { clientUsers, users } from '../../db/schema/index';
import { createUser } from '../../test/test-app';
import { useTestWorld } from '../../test/test-world';
import { newestLink } from '../auth/test-helpers';
import {
  createWorld,
  DENIED,
  NOT_FOUND,
  UNAUTHENTICATED,
  insertClient,
  type Role,
} from './test-fixtures';

const { t, w } = useTestWorld(createWorld, 'cu', { THROTTLE: 'false' });

beforeEach(async () => {
  await t.mail.flush();
  t.mail.clear();
});

const add = (body: unknown) => w.as('staff').post('/api/client-users/', body);
const userByEmail = async (email: string) => {
  const [row] = await t.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  return row;
};

describe('client-users permissions', () => {
  const denied: [Role, number, object][] = [
    ['visitor', 401, UNAUTHENTICATED],
    ['outsider', 403, DENIED],
    ['member', 403, DENIED],
  ];

  it.each(denied)('%s cannot list, read, add or remove links', async (role, status, body) => {
    const [link] = await t.db
      .select()
      .from(clientUsers)
      .where(eq(clientUsers.userId, w.users.member.id));
    const api = w.as(role);
    for (const res of [
      await api.get(`/api/client-users/?client=${w.acme.id}`),
      await api.get(`/api/client-users/${link?.id}/`),
      await api.post('/api/client-users/', { client: w.acme.id, email: 'x@evil.test' }),
      await api.delete(`/api/client-users/${link?.id}/`),
    ]) {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual(body);
    }
    expect(await userByEmail('x@evil.test')).toBeUndefined();
  });

  it('staff list the users of one client', async () => {
    const res = await w.as('staff').get(`/api/client-users/?client=${w.acme.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id: expect.any(Number),
          client: w.acme.id,
          user: {
            id: w.users.member.id,
            email: w.users.member.email,
            first_name: 'Dana',
            last_name: 'Reyes',
          },
        },
      ],
    });
    const one = await w.as('staff').get(`/api/client-users/${res.json().results[0].id}/`);
    expect(one.json()).toEqual(res.json().results[0]);
  });
});

describe('adding a user to a client', () => {
  it('links an existing user by id, and a user may belong to several clients', async () => {
    const initech = await insertClient(t, { name: 'Initech', slug: 'initech' });
    const res = await add({ client: initech.id, user: w.users.member.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ client: initech.id, user: { id: w.users.member.id } });
    const mine = await w.as('staff').get(`/api/client-users/?user=${w.users.member.id}`);
    expect(
      mine
        .json()
        .results.map((l: { client: number }) => l.client)
        .sort(),
    ).toEqual([w.acme.id, initech.id].sort());
    await t.mail.flush();
    expect(t.mail.messages).toEqual([]);
  });

  it('links an existing user by email, whatever its case, without an invitation', async () => {
    const existing = await createUser(t.db, { email: 'pat@acme.test', firstName: 'Pat' });
    const res = await add({ client: w.acme.id, email: '  PAT@Acme.TEST ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      client: w.acme.id,
      user: { id: existing.id, email: 'pat@acme.test', first_name: 'Pat', last_name: '' },
    });
    await t.mail.flush();
    expect(t.mail.to('pat@acme.test')).toEqual([]);
  });

  it('invites an unknown address: the emailed link sets a password and login works', async () => {
    const res = await add({ client: w.acme.id, email: 'New.Person@Acme.test' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      client: w.acme.id,
      user: { email: 'new.person@acme.test', first_name: '', last_name: '' },
    });
    const invited = await userByEmail('new.person@acme.test');
    expect(invited).toMatchObject({ isActive: true, emailVerified: false, passwordHash: null });

    const link = await newestLink(t, 'new.person@acme.test', 'password-reset');
    expect(link.message.subject).toBe('Lee Park invited you to Studio Portal');
    expect(link.message.text).toContain("Lee Park invited you to follow cu Acme's projects");
    expect(link.message.text).toContain('This link is valid for 24 hours.');

    // Before accepting, there is no password to sign in with.
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/token-auth/',
      payload: { username: 'new.person@acme.test', password: '' },
    });
    expect(early.statusCode).toBe(400);

    const password = 'Violet-Harbor-58';
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset-confirm/',
      payload: {
        uid: link.uid,
        token: link.token,
        new_password1: password,
        new_password2: password,
      },
    });
    expect(confirm.statusCode).toBe(200);
    expect((await userByEmail('new.person@acme.test'))?.emailVerified).toBe(true);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/token-auth/',
      payload: { username: 'new.person@acme.test', password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.email).toBe('new.person@acme.test');
  });

  it('invites again when an invited user who never accepted is added to another client', async () => {
    await add({ client: w.acme.id, email: 'slow@acme.test' });
    const globex = await add({ client: w.globex.id, email: 'slow@acme.test' });
    expect(globex.statusCode).toBe(201);
    await t.mail.flush();
    const messages = t.mail.to('slow@acme.test');
    expect(messages).toHaveLength(2);
    expect(messages[1]?.text).toContain("cu Globex's projects");
  });

  it('creates one account when the same new address is invited twice at once', async () => {
    const initech = await insertClient(t, { name: 'Twice', slug: 'twice' });
    const answers = await Promise.all([
      add({ client: w.acme.id, email: 'race@new.test' }),
      add({ client: initech.id, email: 'race@new.test' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(answers[0]?.json().user.id).toBe(answers[1]?.json().user.id);
  });

  it('refuses a second link of the same user with a non-field error, and sends nothing', async () => {
    const res = await add({ client: w.acme.id, email: w.users.member.email });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['This user already belongs to this client.'] });
    const again = await add({ client: w.acme.id, user: w.users.member.id });
    expect(again.json()).toEqual({
      non_field_errors: ['This user already belongs to this client.'],
    });
  });

  it('answers bad input with a 400 naming the field', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{ email: 'a@b.test' }, { client: ['This field is required.'] }],
      [{ client: w.acme.id }, { email: ['This field is required.'] }],
      [{ client: w.acme.id, email: 'not-an-email' }, { email: ['Enter a valid email address.'] }],
      [
        { client: 'acme', email: 'a@b.test' },
        { client: ['Incorrect type. Expected pk value, received str.'] },
      ],
      [
        { client: 999999, email: 'a@b.test' },
        { client: ['Invalid pk "999999" - object does not exist.'] },
      ],
      [
        { client: w.acme.id, user: 999999 },
        { user: ['Invalid pk "999999" - object does not exist.'] },
      ],
      [
        { client: w.acme.id, user: w.users.member.id, email: 'a@b.test' },
        { non_field_errors: ['Send either a user or an email, not both.'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await add(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    expect(await userByEmail('a@b.test')).toBeUndefined();
    const badFilter = await w.as('staff').get('/api/client-users/?client=abc');
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json()).toHaveProperty('client');
  });

  it('removes a link, leaving the user', async () => {
    const user = await createUser(t.db, { email: 'leaving@acme.test' });
    const link = (await add({ client: w.acme.id, user: user.id })).json();
    expect((await w.as('staff').delete(`/api/client-users/${link.id}/`)).statusCode).toBe(204);
    const gone = await w.as('staff').delete(`/api/client-users/${link.id}/`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual(NOT_FOUND);
    expect(await userByEmail('leaving@acme.test')).toBeDefined();
  });
});
