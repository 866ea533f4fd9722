import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestFlow } from '@portal/contract/test-plans';
import { AppProvider } from '../../../app/provider';
import { TOKEN_KEY } from '../../../lib/tokens';
import { TestPlanRoute } from './test-plan';
import { json, memberUser, studioAnswer } from '../../../test/api-fakes';
import { projectFixture } from '../../projects/test-fixtures';

const member = memberUser;

const flows: TestFlow[] = [
  {
    id: 21,
    name: 'Sign in',
    order: 0,
    milestone: 7,
    test_steps: [
      {
        id: 31,
        description: 'Open [the app](https://app.example) and <b>look</b>',
        type: 'INTERACT',
        test_flow: 21,
        order: 0,
      },
      { id: 32, description: 'The **dashboard** shows', type: 'VERIFY', test_flow: 21, order: 1 },
    ],
  },
  { id: 22, name: 'Checkout', order: 1, milestone: 7, test_steps: [] },
];

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
/** The PATCH of a step waits for the test to let it through. */
let patched: Promise<void>;
let letPatchThrough: () => void;

const project = projectFixture({
  id: 3,
});

/** The API as the test plan screen reads and writes it. */
const answer = (url: string, init: RequestInit = {}) => {
  const { pathname } = new URL(url, 'http://portal.test');
  const method = init.method ?? 'GET';
  calls.push({ method, path: pathname, body: init.body ? JSON.parse(String(init.body)) : null });
  if (pathname === '/api/config/') return json(200, { portal_name: 'Test Portal', google: null });
  if (pathname === '/api/studio/') return studioAnswer('Test Portal');
  if (pathname === '/api/users/auth/') return json(200, member);
  if (pathname === '/api/milestones/7/')
    return json(200, { id: 7, name: 'Beta', project: 3, order: 0 });
  if (pathname === '/api/milestones/8/') return json(404, { detail: 'Not found.' });
  if (pathname === '/api/projects/all/') return json(200, [project]);
  if (pathname === '/api/test-runs/' && method === 'GET')
    return json(200, { count: 0, next: null, previous: null, results: [] });
  if (pathname === '/api/test-flows/' && method === 'GET')
    return json(200, { count: flows.length, next: null, previous: null, results: flows });
  if (pathname === '/api/test-steps/31/' && method === 'PATCH')
    return patched.then(() => json(200, { ...flows[0]!.test_steps[0], type: 'VERIFY' }));
  throw new Error(`unexpected call ${method} ${url}`);
};

const renderPlan = (path: string) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => answer(url, init)),
  );
  localStorage.setItem(TOKEN_KEY, 'token');
  const router = createMemoryRouter(
    [{ path: '/milestones/:milestoneId', Component: TestPlanRoute }],
    {
      initialEntries: [path],
    },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
};

beforeEach(() => {
  localStorage.clear();
  calls = [];
  patched = new Promise((resolve) => {
    letPatchThrough = resolve;
  });
  // A wide screen: the table of contents starts open.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});
afterEach(() => vi.unstubAllGlobals());

describe('test plan screen', () => {
  it('says it is loading, then shows the plan under its title with a way back', async () => {
    renderPlan('/milestones/7');
    expect(await screen.findByRole('status', { name: 'Loading milestone...' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Beta Test Plan', level: 1 })).toBeVisible();
    expect(document.title).toBe('Beta Test Plan | Test Portal');
    expect(await screen.findByRole('link', { name: 'Acme Website' })).toHaveAttribute(
      'href',
      '/projects/acme-website',
    );
    const toc = screen.getByRole('navigation', { name: 'Table of contents' });
    expect(
      within(toc)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['?flow=21', '?flow=22']);
    const signIn = await screen.findByRole('region', { name: 'Sign in' });
    // Markdown, links into a new tab, raw HTML shown as text and never rendered.
    const link = within(signIn).getByRole('link', { name: 'the app' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(signIn.querySelector('b')).toBeNull();
    expect(within(signIn).getByText(/<b>look<\/b>/)).toBeInTheDocument();
    expect(within(signIn).getByText('dashboard').tagName).toBe('STRONG');
    expect(
      within(screen.getByRole('region', { name: 'Checkout' })).getByText(
        'No steps in this flow yet.',
      ),
    ).toBeInTheDocument();
  });

  it('answers a missing milestone with a not-found page', async () => {
    renderPlan('/milestones/8');
    expect(
      await screen.findByRole('heading', { name: 'This milestone could not be found' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Milestone not found | Test Portal');
  });

  it('collapses and expands every flow from the menu', async () => {
    renderPlan('/milestones/7');
    await screen.findByRole('list', { name: 'Steps of Sign in' });
    await userEvent.click(screen.getByRole('button', { name: 'Test plan options' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Collapse All' }));
    expect(screen.queryByRole('list', { name: 'Steps of Sign in' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Expand Sign in' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Test plan options' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Expand All' }));
    expect(screen.getByRole('list', { name: 'Steps of Sign in' })).toBeInTheDocument();
  });

  it('asks before deleting a flow, naming the steps that go with it', async () => {
    renderPlan('/milestones/7');
    const signIn = await screen.findByRole('region', { name: 'Sign in' });
    await userEvent.click(within(signIn).getByRole('button', { name: 'Delete flow' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete flow' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete this flow? This action will result in the deletion of 2 steps',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('changes a step type with its badge, then reloads the plan', async () => {
    renderPlan('/milestones/7');
    const signIn = await screen.findByRole('region', { name: 'Sign in' });
    const loads = () => calls.filter((call) => call.path === '/api/test-flows/').length;
    const before = loads();
    // An explicit choice now, not a one-click toggle (issue 19).
    await userEvent.selectOptions(
      within(signIn).getByRole('combobox', { name: 'Type of step 1' }),
      'VERIFY',
    );
    // Shown at once, before the server answers.
    await waitFor(() =>
      expect(
        within(signIn)
          .getAllByRole('combobox', { name: /^Type of step/ })
          .map((select) => (select as HTMLSelectElement).value),
      ).toEqual(['VERIFY', 'VERIFY']),
    );
    expect(loads()).toBe(before);
    letPatchThrough();
    await waitFor(() => expect(loads()).toBe(before + 1));
    expect(calls.find((call) => call.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/api/test-steps/31/',
      // Only the type: a teammate's edit of the description meanwhile stays.
      body: { type: 'VERIFY' },
    });
  });
});
