import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { authTokens } from '../../db/schema/index';
import type { TestContext } from '../../test/test-app';
import { issueToken } from './tokens';

type CallOptions = { token?: string; ip?: string; headers?: Record<string, string> };

/** Thin `inject` wrappers for the account endpoints' tests. */
export const authClient = (t: TestContext) => {
  const headers = (options: CallOptions) => ({
    ...(options.token ? { authorization: `Token ${options.token}` } : {}),
    ...options.headers,
  });
  const post = (url: string, payload?: unknown, options: CallOptions = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: headers(options),
      ...(options.ip ? { remoteAddress: options.ip } : {}),
    });
  const get = (url: string, options: CallOptions = {}) =>
    t.app.inject({ method: 'GET', url, headers: headers(options) });

  /** Whether a token still opens the current-user resource. */
  const tokenWorks = async (token: string) => {
    const res = await get('/api/users/auth/', { token });
    if (res.statusCode === 401) {
      expect(res.json()).toEqual({ detail: 'Invalid token.' });
      return false;
    }
    expect(res.statusCode).toBe(200);
    return true;
  };

  /** `otp`: the second factor, for an account with two-factor on. */
  const login = (
    username: string,
    password: string,
    { otp, ...options }: CallOptions & { otp?: string } = {},
  ) =>
    post(
      '/api/token-auth/',
      { username, password, ...(otp === undefined ? {} : { otp }) },
      options,
    );

  /** A session token inserted directly, as a login would issue it. */
  const session = async (userId: number) =>
    (await issueToken(t.db, userId, { ttlMs: t.ctx.config.tokenIdleMs })).token;

  /** An impersonation token of `impersonatorId` acting as `userId`. */
  const impersonation = async (userId: number, impersonatorId: number) =>
    (await issueToken(t.db, userId, { ttlMs: t.ctx.config.impersonationMs, impersonatorId })).token;

  return { post, get, login, tokenWorks, session, impersonation };
};

/** How many tokens (sessions, impersonations) a user holds. */
export const tokenCount = async (t: TestContext, userId: number) =>
  (await t.db.select({ id: authTokens.id }).from(authTokens).where(eq(authTokens.userId, userId)))
    .length;

export type EmailLink = { url: string; uid: string; token: string };

/** The `{page}/{uid}/{token}` link in a caught email. */
export const parseLink = (url: string, page: string): EmailLink => {
  const match = new RegExp(`^http://portal\\.test/${page}/([^/]+)/([^/]+)$`).exec(url);
  if (!match?.[1] || !match[2]) throw new Error(`not a ${page} link: ${url}`);
  return { url, uid: match[1], token: match[2] };
};

/** Delivers the outbox and answers the messages caught for `email` since the last `clear`. */
export const deliver = async (t: TestContext, email: string) => {
  await t.mail.flush();
  return t.mail.to(email);
};

/** Delivers the outbox and follows the one `page` link of the newest message to `email`. */
export const newestLink = async (t: TestContext, email: string, page: string) => {
  const messages = await deliver(t, email);
  const newest = messages.at(-1);
  if (!newest) throw new Error(`no email to ${email}`);
  const links = newest.links.filter((l) => l.includes(`/${page}/`));
  expect(links).toHaveLength(1);
  return { ...parseLink(links[0] ?? '', page), message: newest };
};
