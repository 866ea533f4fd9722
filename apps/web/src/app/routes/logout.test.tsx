import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, RouterProvider, createMemoryRouter, useBlocker } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { IMPERSONATE_KEY, TOKEN_KEY } from '../../lib/tokens';
import { LogoutRoute } from './logout';

let posts: string[];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(TOKEN_KEY, 'sam');
  localStorage.setItem(IMPERSONATE_KEY, 'as-rita');
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/token-auth/logout/' && init.method === 'POST') {
        posts.push(new Headers(init.headers).get('Authorization') ?? '');
        return new Response(null, { status: 204 });
      }
      throw new Error(`unexpected call ${init.method} ${url}`);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** A screen with unsaved work: it blocks every navigation away and asks, like the canvas editor. */
const UnsavedWork = () => {
  const blocker = useBlocker(true);
  return (
    <>
      <h1>Unsaved work</h1>
      <Link to="/logout" replace>
        Logout
      </Link>
      {blocker.state === 'blocked' && (
        <div role="dialog" aria-label="Leave?">
          <button type="button" onClick={() => blocker.reset()}>
            Cancel
          </button>
          <button type="button" onClick={() => blocker.proceed()}>
            Leave
          </button>
        </div>
      )}
    </>
  );
};

const renderAt = (path: string) => {
  const router = createMemoryRouter(
    [
      { path: '/work', Component: UnsavedWork },
      { path: '/logout', Component: LogoutRoute },
      { path: '/login', element: <h1>Login</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return router;
};

describe('LogoutRoute', () => {
  it('logs both tokens out once, forgets them and goes to /login', async () => {
    const router = renderAt('/logout');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(posts.sort()).toEqual(['Token as-rita', 'Token sam']);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(IMPERSONATE_KEY)).toBeNull();
  });

  it('clears nothing while a screen with unsaved work holds the way out, and logs out once let go', async () => {
    const router = renderAt('/work');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Logout' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave?' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(ask).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/work');
    expect(posts).toEqual([]);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('sam');

    await user.click(screen.getByRole('link', { name: 'Logout' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).toBeNull());
    expect(posts).toHaveLength(2);
  });
});
