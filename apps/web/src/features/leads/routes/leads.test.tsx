import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lead } from '@portal/contract/leads';
import { createQueryClient } from '../../../lib/query-client';
import { leadBlanks } from '../../../test/lead-fixture';
import { LeadsRoute } from './leads';

const lead = (id: number, fields: Partial<Lead> = {}): Lead => ({
  id,
  first_name: `First${id}`,
  last_name: `Last${id}`,
  phone: '+1 555 0100',
  email: `lead${id}@example.com`,
  company: `Company ${id}`,
  status: 'new',
  ...leadBlanks,
  ...fields,
});

type Call = { method: string; url: URL; body: unknown };
let calls: Call[];
let leads: Lead[];
let count: number;
let answers: { update?: Response; create?: Response };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  calls = [];
  leads = [lead(1), lead(2, { status: 'lost' })];
  count = 45;
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const url = new URL(input, 'http://portal.test');
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.pathname === '/api/config/') return json(200, { portal_name: 'Test', google: null });
      if (url.pathname === '/api/leads/' && method === 'GET')
        return json(200, { count, next: null, previous: null, results: leads });
      if (url.pathname === '/api/leads/' && method === 'POST')
        return answers.create ?? json(201, lead(99));
      if (url.pathname === '/api/lead-comments/' || url.pathname === '/api/activity/')
        return json(200, { count: 0, next: null, previous: null, results: [] });
      const detail = /^\/api\/leads\/(\d+)\/$/.exec(url.pathname);
      if (detail && method === 'PATCH') {
        const saved = {
          ...leads.find((l) => l.id === Number(detail[1])),
          ...(calls.at(-1)?.body as object),
        };
        return answers.update ?? json(200, saved);
      }
      throw new Error(`unexpected call ${method} ${input}`);
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

const renderAt = (path: string) => {
  const router = createMemoryRouter([{ path: '/leads', Component: LeadsRoute }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
};

const listCalls = () => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/leads/');

describe('LeadsRoute', () => {
  it('asks for the page, search and status in the URL, 20 a page', async () => {
    renderAt('/leads?page=2&search=acme&status=won');
    await screen.findByText('First1 Last1');
    const query = listCalls()[0]?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({
      page: '2',
      page_size: '20',
      search: 'acme',
      status: 'won',
    });
    expect(screen.getByRole('searchbox', { name: 'Search leads' })).toHaveValue('acme');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('won');
    // ceil(45 / 20) = 3 pages.
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();
  });

  it('shows a known status with its label and an unknown one as-is', async () => {
    renderAt('/leads');
    const list = await screen.findByRole('list', { name: 'Leads' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('New');
    expect(second).toHaveTextContent('lost');
  });

  it('drops the page when the status changes', async () => {
    const { router, user } = renderAt('/leads?page=3&search=acme');
    await screen.findByText('First1 Last1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Spam');
    await waitFor(() => expect(router.state.location.search).toBe('?search=acme&status=spam'));
  });

  it('offers to clear the filters when nothing matches', async () => {
    leads = [];
    count = 0;
    const { router, user } = renderAt('/leads?search=zzz&status=won');
    await user.click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('searchbox', { name: 'Search leads' })).toHaveValue('');
  });

  it('keeps Save disabled until the new lead is valid, and puts server errors on their fields', async () => {
    answers.create = json(400, { email: ['Enter a valid email address.'] });
    const { user } = renderAt('/leads');
    await screen.findByText('First1 Last1');
    await user.click(screen.getAllByRole('button', { name: 'Create Lead' })[0] as HTMLElement);
    const drawer = await screen.findByRole('dialog', { name: 'Create Lead' });
    const save = within(drawer).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(within(drawer).getByLabelText('First name'), 'Ada');
    await user.type(within(drawer).getByLabelText('Last name'), 'Lovelace');
    await user.type(within(drawer).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(drawer).getByLabelText('Phone'), '+44 1');
    expect(save).toBeDisabled();
    await user.type(within(drawer).getByLabelText('Company'), 'Engines');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await within(drawer).findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(within(drawer).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: '+44 1',
      company: 'Engines',
      title: '',
      status: 'new',
    });
  });

  it('replaces the row with the saved lead without asking for the list again', async () => {
    const { user } = renderAt('/leads');
    await user.click(await screen.findByRole('button', { name: 'First1 Last1' }));
    const drawer = await screen.findByRole('dialog', { name: 'Update Lead' });
    await user.selectOptions(within(drawer).getByRole('combobox', { name: 'Status' }), 'Won');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [first] = within(screen.getByRole('list', { name: 'Leads' })).getAllByRole('listitem');
    expect(first).toHaveTextContent('Won');
    expect(calls.find((c) => c.method === 'PATCH')?.url.pathname).toBe('/api/leads/1/');
    expect(listCalls()).toHaveLength(1);
  });

  it('asks for a known status before saving a lead whose status is unknown', async () => {
    const { user } = renderAt('/leads');
    await user.click(await screen.findByRole('button', { name: 'First2 Last2' }));
    const drawer = await screen.findByRole('dialog', { name: 'Update Lead' });
    const status = within(drawer).getByRole('combobox', { name: 'Status' });
    expect(status).toHaveValue('lost');
    expect(await within(drawer).findByText('"lost" is not a valid choice.')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.selectOptions(status, 'Contacted');
    await waitFor(() => expect(within(drawer).getByRole('button', { name: 'Save' })).toBeEnabled());
  });
});
