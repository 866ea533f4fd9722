import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProjectDrawer } from './project-drawer';
import { json } from '../../../test/api-fakes';
import { projectFixture } from '../test-fixtures';

const project = projectFixture({
  phase: 'Design',
  percentage_complete: 45,
  figma_url: 'https://figma.com/file/acme',
});

let calls: { url: string; method: string; body: unknown }[];
let reply: (url: string, method: string) => Response;

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith('/api/phases/'))
        return json(200, {
          count: 2,
          next: null,
          previous: null,
          results: [
            { id: 1, phase_name: 'Discovery' },
            { id: 2, phase_name: 'Design' },
          ],
        });
      return reply(url, method);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const wrap = (children: ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter>
      <Routes>
        <Route path="/" element={children} />
        <Route path="/projects" element={<p>At the projects list</p>} />
      </Routes>
    </MemoryRouter>
  </QueryClientProvider>
);
const writes = () => calls.filter((call) => call.method !== 'GET');

describe('ProjectDrawer', () => {
  it('creates for the client, with Save disabled until valid and no link fields', async () => {
    reply = () => json(201, { ...project, id: 9, name: 'Shop', slug: 'shop' });
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    render(
      wrap(
        <ProjectDrawer
          mode="create"
          open
          onOpenChange={onOpenChange}
          client={{ id: 5, slug: 'acme' }}
        />,
      ),
    );
    const drawer = screen.getByRole('dialog', { name: 'Create Project' });
    expect(within(drawer).queryByLabelText('Slack URL')).not.toBeInTheDocument();
    const save = within(drawer).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.type(within(drawer).getByLabelText('Name'), 'Shop');
    await user.selectOptions(await within(drawer).findByLabelText('Phase'), 'Discovery');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes()).toEqual([
      {
        url: '/api/projects/',
        method: 'POST',
        body: {
          client: 5,
          name: 'Shop',
          status: 'not_started',
          phase: 'Discovery',
          percentage_complete: 0,
          target_date: null,
          vision: '',
          statement_of_work: '',
        },
      },
    ]);
  });

  it('updates by slug without sending the slug, links included', async () => {
    reply = () => json(200, { ...project, slack_url: 'https://acme.slack.com/x' });
    const user = userEvent.setup();
    render(wrap(<ProjectDrawer mode="update" open onOpenChange={vi.fn()} project={project} />));
    const drawer = screen.getByRole('dialog', { name: 'Update Project' });
    expect(within(drawer).getByLabelText('Figma URL')).toHaveValue('https://figma.com/file/acme');

    const slack = within(drawer).getByLabelText('Slack URL');
    await user.type(slack, 'acme.slack.com');
    expect(await within(drawer).findByText('Enter a valid URL.')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(slack);
    await user.type(slack, 'https://acme.slack.com/x');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(writes()).toHaveLength(1));
    const [write] = writes();
    expect(write?.url).toBe('/api/projects/acme-website/');
    expect(write?.method).toBe('PATCH');
    expect(write?.body).not.toHaveProperty('slug');
    expect(write?.body).not.toHaveProperty('client');
    expect(write?.body).toMatchObject({
      name: 'Acme Website',
      slack_url: 'https://acme.slack.com/x',
      figma_url: 'https://figma.com/file/acme',
      zeplin_url: null,
    });
  });

  it("puts the server's field errors on their fields", async () => {
    reply = () => json(400, { name: ['A project with this name already exists.'] });
    const user = userEvent.setup();
    render(wrap(<ProjectDrawer mode="update" open onOpenChange={vi.fn()} project={project} />));
    const drawer = screen.getByRole('dialog', { name: 'Update Project' });
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    const name = within(drawer).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('A project with this name already exists.');
  });

  /** Asks to delete the project and says yes. */
  const confirmDelete = async () => {
    const user = userEvent.setup();
    const drawer = screen.getByRole('dialog', { name: 'Update Project' });
    await user.click(within(drawer).getByRole('button', { name: 'Delete project' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete project' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete Acme Website?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
  };

  it('deletes by slug once confirmed, then leaves for the projects list', async () => {
    reply = () => new Response(null, { status: 204 });
    const onOpenChange = vi.fn();
    render(
      wrap(<ProjectDrawer open onOpenChange={onOpenChange} mode="update" project={project} />),
    );
    await confirmDelete();

    // Leaving the page closes the drawer: closing it first would go Back in between (issue 19).
    await waitFor(() => expect(screen.getByText('At the projects list')).toBeInTheDocument());
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(writes().map(({ url, method }) => ({ url, method }))).toEqual([
      { url: '/api/projects/acme-website/', method: 'DELETE' },
    ]);
  });

  it('keeps the drawer open when the delete is refused', async () => {
    reply = () => json(404, { detail: 'Not found.' });
    const onOpenChange = vi.fn();
    render(
      wrap(<ProjectDrawer open onOpenChange={onOpenChange} mode="update" project={project} />),
    );
    await confirmDelete();

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete project' })).not.toBeInTheDocument(),
    );
    expect(writes().map(({ method }) => method)).toEqual(['DELETE']);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Update Project' })).toBeInTheDocument();
  });
});
