import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { tokenResponseSchema } from '@portal/contract/auth';
import { userSchema, type User } from '@portal/contract/users';
import { ADMIN } from './env';
import { linkIn, mailsTo, nextMail, pathOf } from './mail';

export const PASSWORD = 'e2e-password-1';

/** An address no other test (or earlier run on the same database) uses. */
export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@e2e.test`;

const auth = (token: string) => ({ Authorization: `Token ${token}` });

export const apiLogin = async (request: APIRequestContext, email: string, password: string) => {
  const response = await request.post('/api/token-auth/', { data: { username: email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return tokenResponseSchema.parse(await response.json());
};

/** The seeded admin's API token, for setting up what a test is not about. */
export const adminToken = async (request: APIRequestContext) =>
  (await apiLogin(request, ADMIN.email, ADMIN.password)).token;

/** Signs up through the API and follows the verification email, as a new user would. */
export const createVerifiedUser = async (
  request: APIRequestContext,
  label: string,
  profile: { first_name?: string; last_name?: string } = {},
): Promise<{ user: User; email: string; password: string; token: string }> => {
  const email = uniqueEmail(label);
  const already = (await mailsTo(email)).length;
  const signUp = await request.post('/api/users/', {
    data: { email, password1: PASSWORD, password2: PASSWORD },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const [, , uid, token] = pathOf(linkIn(await nextMail(email, already), 'verify-email')).split(
    '/',
  );
  const verify = await request.post('/api/verify-email/', { data: { uid, token } });
  expect(verify.status(), await verify.text()).toBe(200);
  const session = await apiLogin(request, email, PASSWORD);
  let user = session.user;
  if (profile.first_name || profile.last_name) {
    const update = await request.patch(`/api/users/${user.id}/`, {
      headers: auth(session.token),
      multipart: { first_name: profile.first_name ?? '', last_name: profile.last_name ?? '' },
    });
    expect(update.status(), await update.text()).toBe(200);
    user = userSchema.parse(await update.json());
  }
  return { user, email, password: PASSWORD, token: session.token };
};

/** Whether the server still accepts a token for the current user. */
export const tokenWorks = async (request: APIRequestContext, token: string) =>
  (await request.get('/api/users/auth/', { headers: auth(token) })).status() === 200;

/** Starts the browser signed in with `token`, the way a login leaves it (spec §4). */
export const signInWithToken = async (page: Page, token: string, path = '/') => {
  // Any page of the origin will do; a JSON one runs no app code that could race the write.
  await page.goto('/api/config/');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.goto(path);
};

export const signInAsAdmin = async (page: Page, request: APIRequestContext, path = '/') => {
  const token = await adminToken(request);
  await signInWithToken(page, token, path);
  return token;
};
