import { describe, expect, it } from 'vitest';
import type { Session } from '@portal/contract/sessions';
import { createUser, TEST_PASSWORD } from '../../test/test-app';
import { useTestApp } from '../../test/test-world';
import { issueToken } from '../auth/tokens';

const t = useTestApp();

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string) =>
  t.app.inject({ method, url, headers: token ? { authorization: `Token ${token}` } : {} });
const signIn = async (email: string, userAgent: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/token-auth/',
    headers: { 'user-agent': userAgent },
    payload: { username: email, password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
};
const works = async (token: string) =>
  (await call('GET', '/api/users/auth/', token)).statusCode === 200;

describe('sessions (issue 27)', () => {
  it('answers 401 to a visitor', async () => {
    expect((await call('GET', '/api/sessions/')).statusCode).toBe(401);
    expect((await call('DELETE', '/api/sessions/1/')).statusCode).toBe(401);
    expect((await call('POST', '/api/sessions/sign-out-others/')).statusCode).toBe(401);
  });

  it('a client user lists her own sessions: device, address, the current one first, never a token', async () => {
    const dana = await createUser(t.db, { email: 'ss-dana@client.test' });
    const laptop = await signIn(dana.email, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0');
    const phone = await signIn(dana.email, 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Safari/604.1');
    const res = await call('GET', '/api/sessions/', phone);
    expect(res.statusCode).toBe(200);
    const sessions = res.json<Session[]>();
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      current: true,
      user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Safari/604.1',
      ip: '127.0.0.1',
      impersonated_by: null,
    });
    expect(sessions[1]).toMatchObject({
      current: false,
      user_agent: expect.stringContaining('Linux'),
    });
    expect(res.body).not.toContain(laptop);
    expect(res.body).not.toContain(phone);
  });

  it('ends one of hers at once; another person’s is a 404 and stays', async () => {
    const ann = await createUser(t.db, { email: 'ss-ann@client.test' });
    const bob = await createUser(t.db, { email: 'ss-bob@client.test' });
    const annOld = await signIn(ann.email, 'Old laptop');
    const annNow = await signIn(ann.email, 'New laptop');
    const bobs = await signIn(bob.email, 'Bob');
    const [bobSession] = (await call('GET', '/api/sessions/', bobs)).json<Session[]>();
    expect((await call('DELETE', `/api/sessions/${bobSession?.id}/`, annNow)).statusCode).toBe(404);
    expect(await works(bobs)).toBe(true);

    const old = (await call('GET', '/api/sessions/', annNow))
      .json<Session[]>()
      .find((s) => !s.current);
    expect((await call('DELETE', `/api/sessions/${old?.id}/`, annNow)).statusCode).toBe(204);
    expect(await works(annOld)).toBe(false);
    expect(await works(annNow)).toBe(true);
    expect((await call('DELETE', `/api/sessions/${old?.id}/`, annNow)).statusCode).toBe(404);
  });

  it('shows who impersonates her, lets her end it, and refuses the impersonator her list', async () => {
    const staff = await createUser(t.db, {
      email: 'ss-lee@studio.test',
      firstName: 'Lee',
      lastName: 'Park',
      isSuperuser: true,
    });
    const cara = await createUser(t.db, { email: 'ss-cara@client.test' });
    const own = await signIn(cara.email, 'Cara');
    const staffToken = (await issueToken(t.db, staff.id, { ttlMs: 60_000 })).token;
    const started = await call('GET', `/api/users/${cara.id}/impersonate/`, staffToken);
    const asCara = started.json<{ token: string }>().token;
    expect((await call('GET', '/api/sessions/', asCara)).statusCode).toBe(403);
    expect((await call('POST', '/api/sessions/sign-out-others/', asCara)).statusCode).toBe(403);

    const sessions = (await call('GET', '/api/sessions/', own)).json<Session[]>();
    const impersonation = sessions.find((s) => s.impersonated_by !== null);
    expect(impersonation?.impersonated_by).toEqual({ id: staff.id, name: 'Lee Park' });
    expect((await call('DELETE', `/api/sessions/${impersonation?.id}/`, own)).statusCode).toBe(204);
    expect(await works(asCara)).toBe(false);
  });

  it('signs out everywhere else, impersonations the person started included', async () => {
    const staff = await createUser(t.db, { email: 'ss-max@studio.test', isSuperuser: true });
    const target = await createUser(t.db, { email: 'ss-target@client.test' });
    const here = await signIn(staff.email, 'Here');
    const there = await signIn(staff.email, 'There');
    const asTarget = (await call('GET', `/api/users/${target.id}/impersonate/`, there)).json<{
      token: string;
    }>().token;
    expect((await call('POST', '/api/sessions/sign-out-others/', here)).statusCode).toBe(204);
    expect(await works(here)).toBe(true);
    expect(await works(there)).toBe(false);
    expect(await works(asTarget)).toBe(false);
  });
});
