import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../seed/demo';
import type { TestContext } from './test-app';

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
