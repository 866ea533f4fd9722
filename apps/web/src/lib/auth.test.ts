import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchCurrentUser } from './auth';
import { IMPERSONATE_KEY, TOKEN_KEY } from './tokens';

const user = {
  id: 1,
  email: 'a@b.co',
  first_name: '',
  last_name: '',
  phone: '',
  image: null,
  is_superuser: false,
  time_zone: 'Europe/Paris',
};

const answer = (response: Response | Error) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      if (response instanceof Error) throw response;
      return response;
    }),
  );

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('fetchCurrentUser (spec §4 session start)', () => {
  it('asks nothing without a stored token', async () => {
    answer(new Error('must not be called'));
    await expect(fetchCurrentUser()).resolves.toBeNull();
  });

  it('answers the user for a valid token', async () => {
    localStorage.setItem(TOKEN_KEY, 't');
    answer(new Response(JSON.stringify(user), { headers: { 'Content-Type': 'application/json' } }));
    await expect(fetchCurrentUser()).resolves.toEqual(user);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('t');
  });

  it('clears both tokens when the server refuses them', async () => {
    localStorage.setItem(TOKEN_KEY, 't');
    localStorage.setItem(IMPERSONATE_KEY, 'i');
    answer(
      new Response(JSON.stringify({ detail: 'Invalid token.' }), {
        status: 401,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(IMPERSONATE_KEY)).toBeNull();
  });

  it('keeps the tokens when no answer came back at all', async () => {
    localStorage.setItem(TOKEN_KEY, 't');
    answer(new TypeError('Failed to fetch'));
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('t');
  });
});
