import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Client } from '@portal/contract/clients';
import { clientKeys } from '../api/keys';
import { ClientDrawer } from './client-drawer';

const acme: Client = { id: 1, name: 'Acme', slug: 'acme', is_internal: false };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let calls: { url: string; method: string; body: unknown }[];
let reply: () => Response;
let queryClient: QueryClient;

beforeEach(() => {
  calls = [];
  queryClient = new QueryClient();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      return reply();
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const wrap = (children: ReactNode) => (
  <QueryClientProvider client={queryClient}>
    <MemoryRouter>{children}</MemoryRouter>
  </QueryClientProvider>
);

describe('ClientDrawer', () => {
  it('creates a client and keeps the list sorted by name', async () => {
    queryClient.setQueryData(clientKeys.list(), [
      acme,
      { id: 2, name: 'Globex', slug: 'globex', is_internal: false },
    ]);
    reply = () => json(201, { id: 3, name: 'Bravo & Co', slug: 'bravo-co', is_internal: true });
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(wrap(<ClientDrawer open onOpenChange={onOpenChange} />));
    const drawer = screen.getByRole('dialog', { name: 'Create Client' });
    const save = within(drawer).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.type(within(drawer).getByLabelText('Name'), 'Bravo & Co');
    // The slug the server will make unless one is given (spec §3).
    expect(within(drawer).getByLabelText('Slug')).toHaveAttribute('placeholder', 'bravo-co');
    await user.click(within(drawer).getByLabelText('Internal client'));
    await user.click(save);

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls).toEqual([
      {
        url: '/api/clients/',
        method: 'POST',
        body: { name: 'Bravo & Co', slug: null, is_internal: true },
      },
    ]);
    expect(queryClient.getQueryData<Client[]>(clientKeys.list())?.map((c) => c.name)).toEqual([
      'Acme',
      'Bravo & Co',
      'Globex',
    ]);
  });

  it('shows a refused slug on the Slug field', async () => {
    reply = () => json(400, { slug: ['This value has no letters or digits to make a slug from.'] });
    const user = userEvent.setup();
    render(wrap(<ClientDrawer open onOpenChange={vi.fn()} />));
    const drawer = screen.getByRole('dialog', { name: 'Create Client' });
    await user.type(within(drawer).getByLabelText('Name'), 'Acme');
    await user.type(within(drawer).getByLabelText('Slug'), '!!!');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(
      await within(drawer).findByText('This value has no letters or digits to make a slug from.'),
    ).toBeInTheDocument();
  });

  it('updates by slug, never sending the slug', async () => {
    reply = () => json(200, { ...acme, name: 'Acme Inc' });
    const user = userEvent.setup();
    render(wrap(<ClientDrawer open onOpenChange={vi.fn()} client={acme} />));
    const drawer = screen.getByRole('dialog', { name: 'Update Client' });
    expect(within(drawer).getByLabelText('Slug')).toBeDisabled();
    const name = within(drawer).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Acme Inc');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: '/api/clients/acme/',
      method: 'PATCH',
      body: { name: 'Acme Inc', is_internal: false },
    });
    expect(queryClient.getQueryData(clientKeys.detail('acme'))).toMatchObject({ name: 'Acme Inc' });
  });
});
