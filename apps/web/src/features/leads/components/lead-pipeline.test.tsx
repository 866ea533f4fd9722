import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lead, LeadDuplicate } from '@portal/contract/leads';
import { createQueryClient } from '../../../lib/query-client';
import { leadBlanks } from '../../../test/lead-fixture';
import { LeadPipeline } from './lead-pipeline';

const lead = (fields: Partial<Lead> = {}): Lead => ({
  id: 5,
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '',
  email: 'ada@example.test',
  company: 'Analytical Engines',
  status: 'negotiation',
  ...leadBlanks,
  ...fields,
});

const original: LeadDuplicate = {
  id: 2,
  first_name: 'Ada',
  last_name: 'King',
  email: 'ADA@example.test',
  company: '',
  status: 'new',
  reason: 'email',
};

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
let duplicates: LeadDuplicate[];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  calls = [];
  duplicates = [original];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const { pathname } = new URL(input, 'http://portal.test');
      const method = init.method ?? 'GET';
      calls.push({
        method,
        path: pathname,
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      if (pathname === '/api/leads/5/duplicates/') return json(200, duplicates);
      if (pathname === '/api/leads/5/merge/') return json(200, lead({ id: 2 }));
      if (pathname === '/api/leads/5/convert/') {
        const target = { id: 9, name: 'Engines Ltd', slug: 'engines-ltd' };
        return json(201, {
          lead: lead({ status: 'won', converted_client: target, converted_project: target }),
          client: target,
          project: { ...target, name: 'Site' },
          client_user: { id: 3, email: 'ada@example.test', invited: true },
        });
      }
      throw new Error(`unexpected call ${method} ${input}`);
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

const renderPipeline = (shown: Lead, onMerged = vi.fn()) => {
  const router = createMemoryRouter(
    [
      { path: '/leads', element: <LeadPipeline lead={shown} onMerged={onMerged} /> },
      { path: '/clients/:slug', element: <h1>Client page</h1> },
    ],
    { initialEntries: ['/leads'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, onMerged, user: userEvent.setup() };
};

describe('LeadPipeline', () => {
  it('says which lead this one may duplicate, links to it and merges into it', async () => {
    const { onMerged, user } = renderPipeline(lead());
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Possible duplicate of Ada King (same email)');
    expect(within(note).getByRole('link', { name: 'Ada King' })).toHaveAttribute(
      'href',
      '/leads?search=ADA%40example.test',
    );
    await user.click(within(note).getByRole('button', { name: 'Merge into Ada King' }));
    const confirm = await screen.findByRole('dialog', { name: 'Merge leads' });
    await user.click(within(confirm).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(onMerged).toHaveBeenCalled());
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/api/leads/5/merge/',
      body: { into: 2 },
    });
  });

  it('shows nothing about duplicates when there are none', async () => {
    duplicates = [];
    renderPipeline(lead());
    await screen.findByRole('button', { name: 'Convert to client' });
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/leads/5/duplicates/'));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('converts with the names given and opens the new client', async () => {
    duplicates = [];
    const { router, user } = renderPipeline(lead());
    await user.click(await screen.findByRole('button', { name: 'Convert to client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert to client' });
    expect(within(dialog).getByLabelText('Client name')).toHaveValue('Analytical Engines');
    await user.clear(within(dialog).getByLabelText('Client name'));
    await user.type(within(dialog).getByLabelText('Client name'), 'Engines Ltd');
    await user.clear(within(dialog).getByLabelText('Project name'));
    await user.type(within(dialog).getByLabelText('Project name'), 'Site');
    await user.click(within(dialog).getByRole('button', { name: 'Convert' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/engines-ltd'));
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/api/leads/5/convert/',
      body: { client_name: 'Engines Ltd', project_name: 'Site' },
    });
  });

  it('links a converted lead to its client and project instead of converting again', async () => {
    duplicates = [];
    renderPipeline(
      lead({
        converted_client: { id: 9, name: 'Engines Ltd', slug: 'engines-ltd' },
        converted_project: { id: 4, name: 'Site', slug: 'site' },
      }),
    );
    expect(await screen.findByRole('link', { name: 'Engines Ltd' })).toHaveAttribute(
      'href',
      '/clients/engines-ltd',
    );
    expect(screen.getByRole('link', { name: 'Site' })).toHaveAttribute('href', '/projects/site');
    expect(screen.queryByRole('button', { name: 'Convert to client' })).not.toBeInTheDocument();
  });
});
