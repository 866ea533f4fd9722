import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../seed/demo';
import { createTestApp, type TestContext } from './test-app';

/** Signs a demo account in through the API; answers a GET that carries its token. */
export const signInDemo = async (t: TestContext, username: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/token-auth/',
    payload: { username, password: DEMO_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const headers = { authorization: `Token ${res.json().token}` };
  return (url: string) => t.app.inject({ method: 'GET', url, headers });
};

/**
 * One app on a fresh database seeded with the demo data, for every test of the file (the
 * demo-data tests read what `npm start` shows a newcomer). `app()` is the test context once
 * `beforeAll` has run; `signIn` is `signInDemo` on it.
 */
export const useDemoApp = () => {
  let t: TestContext | undefined;
  beforeAll(async () => {
    t = await createTestApp({ THROTTLE: 'false' });
    await seedDemoData(t.db);
  });
  afterAll(() => t?.close());
  const app = () => {
    if (!t) throw new Error('the demo app starts in beforeAll');
    return t;
  };
  return { app, signIn: (username: string) => signInDemo(app(), username) };
};
