import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Activity } from '@portal/contract/activity';
import { createQueryClient } from '../../../lib/query-client';
import { ActivityFeed } from './activity-feed';

const entry = (id: number, fields: Partial<Activity> = {}): Activity => ({
  id,
  verb: 'commented',
  actor: { id: 2, name: 'Dana Reyes' },
  impersonator: null,
  target: { type: 'estimate', id: 7, label: 'Phase one' },
  project: { id: 3, slug: 'acme-site', name: 'Acme Site' },
  client: { id: 4, slug: 'acme', name: 'Acme' },
  data: { part: 'item', name: 'Login', comment: 'Two screens?' },
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...fields,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let urls: string[];
const serve = (answer: (url: URL) => Response) => {
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      urls.push(input);
      return answer(new URL(input, 'http://portal.test'));
    }),
  );
};

const renderFeed = () => {
  const router = createMemoryRouter(
    [{ path: '/', element: <ActivityFeed filters={{ estimate: 7 }} pageSize={1} /> }],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ActivityFeed', () => {
  it('reads "Lee Park as Dana Reyes", links the target and shows older entries on request', async () => {
    serve((url) =>
      url.searchParams.get('page') === '1'
        ? json(200, {
            count: 2,
            next: 'http://portal.test/api/activity/?page=2',
            previous: null,
            results: [entry(2, { impersonator: { id: 1, name: 'Lee Park' } })],
          })
        : json(200, {
            count: 2,
            next: null,
            previous: null,
            results: [entry(1, { verb: 'created', data: {} })],
          }),
    );
    renderFeed();
    const list = await screen.findByRole('list', { name: 'Activity' });
    const first = within(list).getAllByRole('listitem')[0];
    expect(first).toHaveTextContent(
      'Lee Park as Dana Reyes commented on item “Login” of the estimate Phase one',
    );
    expect(first).toHaveTextContent('Two screens?');
    expect(within(list).getByRole('link', { name: 'Phase one' })).toHaveAttribute(
      'href',
      '/estimates/7',
    );
    const time = list.querySelector('time');
    expect(time).toHaveTextContent('5 minutes ago');
    // The exact moment on hover, on the reader's clock.
    expect(time?.getAttribute('title')).toMatch(
      /^[A-Z][a-z]+ \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/,
    );
    expect(urls[0]).toContain('estimate=7');

    await userEvent.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await within(list).findByText(/created the estimate/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    serve(() => json(200, { count: 0, next: null, previous: null, results: [] }));
    renderFeed();
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
  });

  it('shows a failure with a way to try again', async () => {
    serve(() => json(500, { detail: 'Server error' }));
    renderFeed();
    expect(
      await screen.findByRole('button', { name: /try again|retry/i }, { timeout: 8000 }),
    ).toBeInTheDocument();
  });
});
