import { issueToken } from '../modules/auth/tokens';
import type { TestContext } from './test-app';

/** Calls the API as staff impersonating `userId` (the fifth role of every permission test). */
export const impersonating = async (t: TestContext, userId: number, impersonatorId: number) => {
  const { token } = await issueToken(t.db, userId, { ttlMs: 60_000, impersonatorId });
  return {
    post: (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Token ${token}` } }),
  };
};
