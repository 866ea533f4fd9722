import { StrictMode } from 'react';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { twMerge } from 'tailwind-merge';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@portal/contract/users';
import { IMPERSONATE_KEY, TOKEN_KEY } from '../lib/tokens';
import { studioAnswer } from '../test/api-fakes';
import { AppProvider } from './provider';
import { routes } from './router';

const regular: User = {
  id: 2,
  email: 'rita@example.com',
  first_name: 'Rita',
  last_name: 'Regular',
  phone: '',
  image: null,
  is_superuser: false,
  time_zone: 'UTC',
};
const staff: User = {
  ...regular,
  id: 1,
  email: 'sam@example.com',
  first_name: 'Sam',
  last_name: 'Staff',
  is_superuser: true,
  time_zone: 'UTC',
};

type Handler = (url: string, init: RequestInit) => Response | undefined;
let handler: Handler;
let calls: { url: string; init: RequestInit }[];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers config, and the current user for the given token (`users[token]`). */
const serve = (users: Record<string, User>, extra?: Handler) => {
  handler = (url, init) => {
    const extraAnswer = extra?.(url, init);
    if (extraAnswer) return extraAnswer;
    if (url === '/api/config/') return json(200, { portal_name: 'Test Portal', google: null });
    if (url === '/api/studio/') return studioAnswer('Test Portal');
    if (url === '/api/users/auth/') {
      const token = new Headers(init.headers).get('Authorization')?.replace('Token ', '') ?? '';
      const user = users[token];
      return user ? json(200, user) : json(401, { detail: 'Invalid token.' });
    }
    return undefined;
  };
};

// Screens and the signed-in layout are lazy modules. Compile them once up front, not inside a
// findBy timeout: a data router loads a matched route's module before it renders anything. Even
// then a whole app renders here, on a busy machine, so give it longer than the default second.
beforeAll(async () => {
  configure({ asyncUtilTimeout: 5000 });
  const loads: Promise<unknown>[] = [import('./routes/signed-in-layout')];
  const collect = (list: RouteObject[]) => {
    for (const route of list) {
      if (typeof route.lazy === 'function') loads.push(route.lazy());
      if (route.children) collect(route.children);
    }
  };
  collect(routes);
  await Promise.all(loads);
}, 60_000);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  calls = [];
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const answer = handler(url, init);
      if (!answer) throw new Error(`unexpected call ${init.method} ${url}`);
      return answer;
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

const renderAt = (path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
  return router;
};

describe('route guards', () => {
  it('sends a visitor on a protected route to /login', async () => {
    serve({});
    const router = renderAt('/profile');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(document.title).toBe('Login | Test Portal'));
  });

  it('sends a signed-in non-superuser on a superuser route to / and so to /estimates', async () => {
    localStorage.setItem(TOKEN_KEY, 'rita');
    serve({ rita: regular });
    const router = renderAt('/clients');
    expect(await screen.findByRole('heading', { name: 'Estimates' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/estimates');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Projects', 'Estimates', 'Test runs']);
  });

  it('lets a superuser in and shows every navigation item', async () => {
    localStorage.setItem(TOKEN_KEY, 'sam');
    serve({ sam: staff });
    renderAt('/clients');
    expect(await screen.findByRole('heading', { name: 'Clients' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/home',
      '/estimates',
      '/clients',
      '/leads',
      '/projects',
      '/activity',
      '/experimental',
      '/settings/studio',
    ]);
    expect(screen.getByRole('button', { name: /Sam Staff/ })).toBeInTheDocument();
  });

  it('clears both tokens and counts as logged out when the current user cannot be fetched', async () => {
    localStorage.setItem(TOKEN_KEY, 'stale');
    localStorage.setItem(IMPERSONATE_KEY, 'stale-too');
    serve({});
    renderAt('/estimates');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(IMPERSONATE_KEY)).toBeNull();
  });

  it('shows Page Not Found for an unknown path, with Go home', async () => {
    serve({});
    const router = renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('the visitor screens', () => {
  // They draw PlainButton, PlainInput, Field and Spinner, which join a caller's classes to their
  // own rather than merge them (no tailwind-merge on a first visit, decision 0055): right only
  // while no two classes of an element conflict, which merging them would show.
  it.each([
    ['/login', 'Login'],
    ['/sign-up', 'Sign Up'],
    ['/password-reset', 'Reset Password'],
    ['/password-reset/MQ/abc-def', 'Set a New Password'],
    ['/no/such/page', 'Page Not Found'],
  ])('%s draws no two classes that conflict', async (path, heading) => {
    serve({});
    renderAt(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    const classes = Array.from(document.querySelectorAll('[class]'), (element) =>
      element.getAttribute('class')!.trim().split(/\s+/).join(' '),
    );
    expect(classes.length).toBeGreaterThan(20);
    expect(classes.filter((cls) => twMerge(cls) !== cls)).toEqual([]);
  });
});

describe('impersonation', () => {
  it('calls with the impersonation token and shows the banner', async () => {
    localStorage.setItem(TOKEN_KEY, 'sam');
    localStorage.setItem(IMPERSONATE_KEY, 'as-rita');
    serve({ sam: staff, 'as-rita': regular });
    renderAt('/estimates');
    expect(
      await screen.findByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent ===
            'You are currently impersonating rita@example.com. Please remember to disable impersonation when you are done.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
  });
});

describe('verify email', () => {
  it('posts the link once even under StrictMode, and shows the server detail on failure', async () => {
    serve({}, (url) =>
      url === '/api/verify-email/'
        ? json(400, { detail: 'The verification link is invalid or has expired.' })
        : undefined,
    );
    renderAt('/verify-email/MQ/abc');
    expect(
      await screen.findByText('The verification link is invalid or has expired.'),
    ).toBeInTheDocument();
    const posts = calls.filter((c) => c.url === '/api/verify-email/');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.init.body).toBe(JSON.stringify({ uid: 'MQ', token: 'abc' }));
  });

  it('falls back to the first non-field error, then to a fixed sentence', async () => {
    serve({}, (url) =>
      url === '/api/verify-email/' ? json(400, { non_field_errors: ['Nope.', 'x'] }) : undefined,
    );
    renderAt('/verify-email/MQ/abc');
    expect(await screen.findByText('Nope.')).toBeInTheDocument();
  });

  it('says the email is verified on success', async () => {
    serve({}, (url) =>
      url === '/api/verify-email/' ? json(200, { detail: 'Verified.' }) : undefined,
    );
    renderAt('/verify-email/MQ/abc');
    expect(await screen.findByText(/Your email address has been verified/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  });
});

describe('login form', () => {
  it('keeps submit disabled until valid, maps errors onto the form and clears the password', async () => {
    serve({}, (url) =>
      url === '/api/token-auth/'
        ? json(400, { non_field_errors: ['Unable to log in with provided credentials.'] })
        : undefined,
    );
    renderAt('/login');
    const submit = await screen.findByRole('button', { name: 'Login' });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.co');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-pass-1');
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    expect(
      await screen.findByText('Unable to log in with provided credentials.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('a@b.co');
  });

  it('opens Email Verification Required when the detail mentions verification', async () => {
    serve({}, (url) =>
      url === '/api/token-auth/'
        ? json(400, { detail: 'Your email address requires verification.' })
        : url === '/api/resend-verify-email/'
          ? json(200, { detail: 'A new verification email has been sent.' })
          : undefined,
    );
    renderAt('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'new@b.co');
    await userEvent.type(screen.getByLabelText('Password'), 'some-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email Verification Required' });
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Resend Verification Email' }),
    );
    expect(await screen.findByText('A new verification email has been sent.')).toBeInTheDocument();
    const resend = calls.find((c) => c.url === '/api/resend-verify-email/');
    expect(resend?.init.body).toBe(JSON.stringify({ email: 'new@b.co' }));
  });
});

describe('Google sign-in (implicit flow)', () => {
  it('trades the access token from the URL fragment for a session and goes home', async () => {
    sessionStorage.setItem('google-oauth-state', 'st4te');
    serve({ 'portal-token': regular }, (url, init) =>
      url === '/api/social-auth/google-oauth2/' && init.method === 'POST'
        ? json(200, { token: 'portal-token', expiry: '2030-01-01T00:00:00Z', user: regular })
        : undefined,
    );
    const router = renderAt('/login#access_token=g-access&token_type=Bearer&state=st4te');
    expect(await screen.findByRole('heading', { name: 'Estimates' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/estimates');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('portal-token');
    const posts = calls.filter((c) => c.url === '/api/social-auth/google-oauth2/');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.init.body).toBe(JSON.stringify({ access_token: 'g-access' }));
  });

  it('refuses a token whose state does not match, and never sends it', async () => {
    sessionStorage.setItem('google-oauth-state', 'expected');
    serve({});
    const router = renderAt('/login#access_token=g-access&state=forged');
    expect(
      await screen.findByText('Google sign-in could not be completed. Please try again.'),
    ).toBeInTheDocument();
    expect(router.state.location.hash).toBe('');
    expect(calls.some((c) => c.url === '/api/social-auth/google-oauth2/')).toBe(false);
  });
});
