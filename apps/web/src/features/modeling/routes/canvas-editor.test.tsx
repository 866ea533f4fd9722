import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Canvas, CanvasData } from '@portal/contract/canvas';
import { createQueryClient } from '../../../lib/query-client';
import { canvasKeys } from '../api/keys';
import type { ModelCanvasProps } from '../components/model-canvas';
import { CanvasEditorRoute } from './canvas-editor';

// The diagram itself needs a real browser (e2e); here it only shows what it was opened on.
vi.mock('../components/model-canvas', () => ({
  ModelCanvas: ({ canvas, initial }: ModelCanvasProps) => (
    <p>
      Editing version {canvas.version}:{' '}
      {initial.nodes.map((node) => node.data.title).join(', ') || 'empty'}
    </p>
  ),
}));

// The live channel (decision 0056) has its own tests against the real server (e2e): here it is
// ready, or not yet, as a test says.
const live = vi.hoisted(() => ({
  status: {
    ready: true,
    online: true,
    unsent: false,
    unsaved: false,
    version: 3,
    failure: null as string | null,
  },
}));
vi.mock('../live/use-live-canvas', () => ({
  useLiveCanvas: () => ({}),
  useLiveStatus: () => live.status,
}));

const diagram = (...titles: string[]): string =>
  JSON.stringify({
    nodes: titles.map((title, index) => ({
      id: `m${index}`,
      type: 'model',
      position: { x: index * 300, y: 0 },
      data: { title, fields: [], relations: [] },
    })),
    edges: [],
    viewport: { x: 0, y: 0, zoom: 1 },
  } satisfies CanvasData);

const canvas = (version: number, ...titles: string[]): Canvas => ({
  id: 5,
  name: 'Shop',
  client_id: 1,
  client_name: 'Acme',
  data: diagram(...titles),
  version,
  created_at: '2025-03-07T09:05:00Z',
  updated_at: '2025-03-07T09:05:00Z',
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let answer: () => Response;
let queryClient: QueryClient;

beforeEach(() => {
  live.status = { ...live.status, ready: true, online: true, failure: null };
  queryClient = createQueryClient();
  answer = () => json(200, canvas(3, 'Customer', 'Order'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://portal.test').pathname;
      if (path === '/api/canvas/5/') return answer();
      // The page title's portal name.
      if (path === '/api/config/') return json(200, {});
      throw new Error(`unexpected call ${input}`);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderAt = (path: string) => {
  const router = createMemoryRouter(
    [{ path: '/experimental/modeling/:canvasId', Component: CanvasEditorRoute }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
};

describe('CanvasEditorRoute', () => {
  it('opens the editor on the stored diagram and its version', async () => {
    renderAt('/experimental/modeling/5');
    expect(await screen.findByText('Editing version 3: Customer, Order')).toBeInTheDocument();
  });

  it('never opens on a copy cached from an earlier visit, but on the answer asked for now', async () => {
    // Opened a minute ago (version 1); someone else has saved version 3 since.
    queryClient.setQueryData(canvasKeys.detail(5), canvas(1, 'Customer'));
    let release: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (release = resolve));
    const fresh = canvas(3, 'Customer', 'Order');
    answer = () => json(200, fresh);
    vi.mocked(fetch).mockImplementationOnce(async () => {
      await asked;
      return json(200, fresh);
    });
    renderAt('/experimental/modeling/5');
    expect(await screen.findByRole('status', { name: 'Loading canvas...' })).toBeInTheDocument();
    expect(screen.queryByText(/^Editing/)).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('Editing version 3: Customer, Order')).toBeInTheDocument();
  });

  it('says the canvas could not be loaded rather than open an old copy when asking fails', async () => {
    queryClient.setQueryData(canvasKeys.detail(5), canvas(1, 'Customer'));
    answer = () => json(403, { detail: 'You do not have permission to perform this action.' });
    renderAt('/experimental/modeling/5');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the canvas.');
    expect(screen.queryByText(/^Editing/)).not.toBeInTheDocument();
    answer = () => json(200, canvas(4, 'Invoice'));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Editing version 4: Invoice')).toBeInTheDocument();
  });

  it('waits for the shared document, and says so when it cannot be reached', async () => {
    live.status = { ...live.status, ready: false, online: false };
    renderAt('/experimental/modeling/5');
    expect(await screen.findByRole('status', { name: 'Loading canvas...' })).toBeInTheDocument();
    cleanup();
    live.status = { ...live.status, failure: 'You do not have permission to perform this action.' };
    renderAt('/experimental/modeling/5');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the canvas.');
    expect(screen.queryByText(/^Editing/)).not.toBeInTheDocument();
  });

  it('answers not found for an id that cannot be one, without asking the server', async () => {
    for (const path of ['abc', '0', '1e3', '2147483648']) {
      renderAt(`/experimental/modeling/${path}`);
      expect(await screen.findByRole('heading', { name: 'Canvas not found' })).toBeInTheDocument();
      cleanup();
    }
    const asked = vi.mocked(fetch).mock.calls.map(([input]) => String(input));
    expect(asked.filter((path) => path.includes('/api/canvas/'))).toEqual([]);
  });
});
