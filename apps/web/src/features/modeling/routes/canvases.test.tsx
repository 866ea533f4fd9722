import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CanvasSummary } from '@portal/contract/canvas';
import type { Client } from '@portal/contract/clients';
import { createQueryClient } from '../../../lib/query-client';
import { CanvasesRoute } from './canvases';

const client = (id: number, name: string): Client => ({
  id,
  name,
  slug: name.toLowerCase(),
  is_internal: false,
});
const canvas = (id: number, name: string, clientName = 'Acme'): CanvasSummary => ({
  id,
  name,
  client_id: clientName === 'Acme' ? 1 : 2,
  client_name: clientName,
  version: 1,
  created_at: '2025-03-07T09:05:00Z',
  updated_at: '2025-03-07T09:05:00Z',
});

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
let canvases: CanvasSummary[] | Response;
let clients: Client[];
let answers: { create?: Response; remove?: Response };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const page = (results: unknown[]) =>
  json(200, { count: results.length, next: null, previous: null, results });

beforeEach(() => {
  calls = [];
  canvases = [canvas(1, 'Shop', 'Globex'), canvas(2, 'billing')];
  clients = [client(1, 'Acme'), client(2, 'Globex')];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const url = new URL(input, 'http://portal.test');
      const method = init.method ?? 'GET';
      calls.push({
        method,
        path: url.pathname,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (url.pathname === '/api/clients/') return page(clients);
      if (url.pathname === '/api/canvas/' && method === 'GET')
        return canvases instanceof Response ? canvases : page(canvases);
      if (url.pathname === '/api/canvas/' && method === 'POST')
        return answers.create ?? json(201, { ...canvas(7, 'Orders'), data: '' });
      if (/^\/api\/canvas\/\d+\/$/.test(url.pathname) && method === 'DELETE')
        return answers.remove ?? new Response(null, { status: 204 });
      throw new Error(`unexpected call ${method} ${input}`);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderAt = () => {
  const router = createMemoryRouter(
    [
      { path: '/experimental/modeling', Component: CanvasesRoute },
      { path: '/experimental/modeling/:canvasId', element: <h1>Editor</h1> },
    ],
    { initialEntries: ['/experimental/modeling'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
};

const writes = () => calls.filter((call) => call.method !== 'GET');
const clientsLoaded = async () =>
  expect(await screen.findByRole('option', { name: 'Globex' })).toBeInTheDocument();

describe('CanvasesRoute', () => {
  it('lists every canvas by name, linking to its editor, with its client', async () => {
    renderAt();
    const table = await screen.findByRole('table', { name: 'Canvases' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'billing',
      'Shop',
    ]);
    expect(within(table).getByRole('link', { name: 'Shop' })).toHaveAttribute(
      'href',
      '/experimental/modeling/1',
    );
    expect(within(rows[1]!).getAllByText('Globex').length).toBeGreaterThan(0);
  });

  it('says so when there is no canvas yet', async () => {
    canvases = [];
    renderAt();
    expect(await screen.findByText('No canvases yet')).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    canvases = json(403, { detail: 'You do not have permission to perform this action.' });
    renderAt();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the canvases.');
    expect(alert).toHaveTextContent('You do not have permission to perform this action.');
    canvases = [canvas(3, 'Back again')];
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Back again' })).toBeInTheDocument();
  });

  it('does nothing, and says nothing, without both a name and a client (spec §5)', async () => {
    const { user } = renderAt();
    await clientsLoaded();
    const create = screen.getByRole('button', { name: 'Create' });
    const name = screen.getByRole('textbox', { name: 'Canvas Name' });
    expect(name).toHaveAttribute('placeholder', 'New canvas');

    await user.click(create);
    await user.type(name, '   ');
    await user.click(create);
    await user.clear(name);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Client' }), 'Globex');
    await user.click(create);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Client' }), '');
    await user.type(name, 'Orders');
    await user.click(create);

    expect(writes()).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('creates a canvas for the chosen client with an empty diagram and opens it', async () => {
    const { router, user } = renderAt();
    await clientsLoaded();
    await user.type(screen.getByRole('textbox', { name: 'Canvas Name' }), 'Orders');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Client' }), 'Globex');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByRole('heading', { name: 'Editor' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/experimental/modeling/7');
    expect(writes()).toEqual([
      { method: 'POST', path: '/api/canvas/', body: { name: 'Orders', client_id: 2, data: '' } },
    ]);

    // Back on the list, the new canvas is there without another request.
    const lists = calls.filter((call) => call.path === '/api/canvas/' && call.method === 'GET');
    await router.navigate(-1);
    expect(await screen.findByRole('link', { name: 'Orders' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/canvas/' && call.method === 'GET')).toEqual(
      lists,
    );
  });

  it("puts the server's field errors on the fields", async () => {
    answers.create = json(400, {
      name: ['Ensure this field has no more than 255 characters.'],
      client_id: ['Invalid pk "2" - object does not exist.'],
    });
    const { router, user } = renderAt();
    await clientsLoaded();
    const name = screen.getByRole('textbox', { name: 'Canvas Name' });
    await user.type(name, 'Orders');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Client' }), 'Globex');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(
      await screen.findByText('Ensure this field has no more than 255 characters.'),
    ).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Invalid pk "2" - object does not exist.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/experimental/modeling');
  });

  it('deletes a canvas only after the confirmation', async () => {
    const { user } = renderAt();
    await user.click(await screen.findByRole('button', { name: 'Delete canvas Shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Canvas' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this canvas?');
    expect(dialog).toHaveTextContent('Shop');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete canvas Shop' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Shop' })).not.toBeInTheDocument(),
    );
    expect(writes()).toEqual([{ method: 'DELETE', path: '/api/canvas/1/', body: undefined }]);
    expect(screen.getByRole('link', { name: 'billing' })).toBeInTheDocument();
  });
});
