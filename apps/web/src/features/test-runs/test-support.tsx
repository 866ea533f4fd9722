import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { summarize, type TestRun } from '@portal/contract/test-runs';
import { AppProvider } from '../../app/provider';
import { TOKEN_KEY } from '../../lib/tokens';

/** Run 1 (id 5) of milestone 7, in progress unless `overrides` say otherwise. */
export const runOf = (results: TestRun['results'], overrides: Partial<TestRun> = {}): TestRun => ({
  id: 5,
  milestone: 7,
  name: 'Run 1',
  status: 'in_progress',
  started_by: 1,
  started_at: '2026-11-20T10:00:00Z',
  completed_at: null,
  signed_off_by: null,
  signed_off_at: null,
  signature_name: '',
  sign_off_note: '',
  summary: summarize(results),
  results,
  ...overrides,
});

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Renders one route of the area at `path`, signed in, with `answer` standing in for the API. */
export const renderRoute = (
  pattern: string,
  path: string,
  Component: ComponentType,
  answer: (url: string, init?: RequestInit) => Response | Promise<Response>,
) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => answer(url, init)),
  );
  localStorage.setItem(TOKEN_KEY, 'token');
  const router = createMemoryRouter([{ path: pattern, Component }], { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
};
