import { render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@portal/contract/users';
import { AppProvider } from '../../../app/provider';
import { TOKEN_KEY } from '../../../lib/tokens';
import { ProjectRoute } from './project';
import { json, memberUser, studioAnswer } from '../../../test/api-fakes';
import { projectFixture } from '../test-fixtures';

const member = memberUser;
const staff: User = { ...member, id: 1, email: 'lee@studio.example', is_superuser: true };

const project = projectFixture({
  vision: 'Fast.\nFriendly.',
  target_date: '2026-03-04',
  status: 'on_hold',
  phase: 'Design',
  percentage_complete: 45,
  slack_url: 'https://acme.slack.com/archives/C1',
});

const page = (results: unknown[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

/** The API as the project screen reads it. */
const answer = (user: User) => (url: string) => {
  const { pathname } = new URL(url, 'http://portal.test');
  switch (pathname) {
    case '/api/config/':
      return json(200, { portal_name: 'Test Portal', google: null });
    case '/api/studio/':
      return studioAnswer('Test Portal');
    case '/api/users/auth/':
      return json(200, user);
    case '/api/projects/acme-website/':
      return json(200, project);
    case '/api/projects/other/':
      return json(404, { detail: 'Not found.' });
    case '/api/project-phases/':
      return json(
        200,
        page([
          { id: 1, project: 1, phase: { id: 1, phase_name: 'Discovery' }, completed: '2026-01-15' },
        ]),
      );
    case '/api/project-notes/':
      return json(
        200,
        page([
          {
            id: 1,
            project: 1,
            content: 'Homepage agreed.',
            status: 'complete',
            created_at: '2026-01-02T10:00:00Z',
          },
        ]),
      );
    case '/api/milestones/':
      return json(
        200,
        page([
          { id: 10, name: 'Kick-off', project: 1, order: 0 },
          { id: 11, name: 'Launch', project: 1, order: 1 },
        ]),
      );
    case '/api/estimates/':
    case '/api/activity/':
      return json(200, page([]));
    case '/api/clients/':
      return user.is_superuser
        ? json(200, page([{ id: 5, name: 'Acme Corporation', slug: 'acme', is_internal: false }]))
        : json(403, { detail: 'You do not have permission to perform this action.' });
    default:
      throw new Error(`unexpected call ${url}`);
  }
};

const renderProject = (user: User, slug = 'acme-website') => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => answer(user)(url)),
  );
  localStorage.setItem(TOKEN_KEY, 'token');
  const router = createMemoryRouter([{ path: '/projects/:projectSlug', Component: ProjectRoute }], {
    initialEntries: [`/projects/${slug}`],
  });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
};

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('project screen', () => {
  it('shows every section to a member, read-only', async () => {
    renderProject(member);
    expect(
      await screen.findByRole('heading', { name: 'Acme Website', level: 1 }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Acme Website | Test Portal');
    expect(screen.getByText('March 4, 2026')).toBeInTheDocument();
    expect(screen.getByText('On Hold')).toBeInTheDocument();
    expect(screen.getByText('45%')).toBeInTheDocument();

    const milestones = await screen.findByRole('list', { name: 'Milestones' });
    expect(
      within(milestones)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Kick-off'), expect.stringContaining('Launch')]);
    expect(screen.getByRole('link', { name: 'View Test Plan for Launch' })).toHaveAttribute(
      'href',
      '/milestones/11',
    );
    expect(await screen.findByText('Completed January 15, 2026')).toBeInTheDocument();
    expect(await screen.findByText('Homepage agreed.')).toBeInTheDocument();
    expect(await screen.findByText('No estimates yet')).toBeInTheDocument();

    // Only the groups with a URL, opening in a new tab.
    expect(screen.getByRole('heading', { name: 'External Urls' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Design Urls' })).not.toBeInTheDocument();
    const slack = screen.getByRole('link', { name: /^Slack/ });
    expect(slack).toHaveAttribute('target', '_blank');
    expect(slack).toHaveAttribute('rel', 'noopener noreferrer');

    for (const name of [/^Edit/, /^Add/, /^Reorder/, /^Rename/, /^Delete/])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('gives staff the editing controls and a way back to the client', async () => {
    renderProject(staff);
    expect(await screen.findByRole('button', { name: 'Edit project' })).toBeInTheDocument();
    for (const name of ['Add Phase', 'Add Milestone', 'Add Note'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Reorder Kick-off' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Launch' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Acme Corporation' })).toHaveAttribute(
      'href',
      '/clients/acme',
    );
  });

  it('says clearly when the project cannot be seen, with a way back', async () => {
    renderProject(member, 'other');
    expect(
      await screen.findByRole('heading', { name: 'This project could not be found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  });
});
