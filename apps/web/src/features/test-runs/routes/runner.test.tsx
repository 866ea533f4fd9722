import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@portal/contract/users';
import { json, renderRoute, runOf } from '../test-support';
import { studioAnswer } from '../../../test/api-fakes';
import { TestRunRoute } from './runner';

const staff: User = {
  id: 1,
  email: 'lee@studio.example',
  first_name: 'Lee',
  last_name: 'Park',
  phone: '',
  image: null,
  is_superuser: true,
  time_zone: 'UTC',
};

const result = (id: number, order: number, flow: string, description: string) => ({
  id,
  run: 5,
  order,
  flow_name: flow,
  step_description: description,
  step_type: 'VERIFY' as const,
  result: 'untested' as const,
  note: '',
  attachments: [],
  updated_by: null,
  updated_at: null,
});

const results = [
  result(51, 0, 'Checkout', 'Add a **mug** to the cart'),
  result(52, 1, 'Checkout', 'The total reads $12'),
  result(53, 2, 'Account', 'Sign out'),
];
const run = runOf(results);

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
/** Status of the next result PATCH answers (200 echoes the change). */
let patchStatus: number;

const answer = (url: string, init: RequestInit = {}) => {
  const { pathname } = new URL(url, 'http://portal.test');
  const method = init.method ?? 'GET';
  const body =
    init.body instanceof FormData
      ? { file: (init.body.get('file') as File).name }
      : init.body
        ? (JSON.parse(String(init.body)) as Record<string, unknown>)
        : null;
  calls.push({ method, path: pathname, body });
  if (pathname === '/api/config/') return json(200, { portal_name: 'Test Portal', google: null });
  if (pathname === '/api/studio/') return studioAnswer('Test Portal');
  if (pathname === '/api/users/auth/') return json(200, staff);
  if (pathname === '/api/test-runs/5/') return json(200, run);
  const patch = /^\/api\/test-run-results\/(\d+)\/$/.exec(pathname);
  if (patch && method === 'PATCH') {
    if (patchStatus !== 200) return json(patchStatus, { detail: 'A server error occurred.' });
    const row = results.find((r) => r.id === Number(patch[1]));
    return json(200, { ...row, ...body, updated_by: 1, updated_at: '2026-11-20T10:01:00Z' });
  }
  if (pathname === '/api/test-run-results/51/attachments/' && method === 'POST')
    return json(201, {
      id: 90 + calls.length,
      url: `/api/test-run-attachments/${90 + calls.length}/?expires=1&signature=x`,
      name: body?.file,
      size: 3,
      content_type: 'image/png',
    });
  throw new Error(`unexpected call ${method} ${url}`);
};

const renderRunner = () => renderRoute('/test-runs/:runId', '/test-runs/5', TestRunRoute, answer);

const patches = () => calls.filter((c) => c.method === 'PATCH');

beforeEach(() => {
  localStorage.clear();
  calls = [];
  patchStatus = 200;
});
afterEach(() => vi.unstubAllGlobals());

describe('test runner', () => {
  it('records with the keys: F stays on its step, P moves on to the next untested one, ← goes back', async () => {
    const user = userEvent.setup();
    renderRunner();
    expect(await screen.findByText('Step 1 of 3')).toBeVisible();
    expect(screen.getByText('mug').tagName).toBe('STRONG');
    expect(screen.getByText('0 of 3 recorded')).toBeVisible();
    await user.keyboard('f');
    expect(screen.getByText('Step 1 of 3')).toBeVisible();
    expect(screen.getByRole('button', { name: /^Fail/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('1 of 3 recorded')).toBeVisible();
    await waitFor(() =>
      expect(patches()).toEqual([
        { method: 'PATCH', path: '/api/test-run-results/51/', body: { result: 'failed' } },
      ]),
    );
    await user.keyboard('n');
    expect(screen.getByText('Step 2 of 3')).toBeVisible();
    await user.keyboard('p');
    expect(screen.getByText('Step 3 of 3')).toBeVisible();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByText('Step 1 of 3')).toBeVisible();
    expect(screen.getByRole('button', { name: /^Fail/ })).toHaveAttribute('aria-pressed', 'true');
    expect(
      screen.getByRole('img', { name: 'Results: 1 passed, 1 failed, 1 untested' }),
    ).toBeInTheDocument();
  });

  it('stops after the last step: more keys change nothing, and it offers to complete', async () => {
    const user = userEvent.setup();
    renderRunner();
    await screen.findByText('Step 1 of 3');
    await user.keyboard('psp');
    expect(await screen.findByRole('status')).toHaveTextContent('Every step has a result.');
    expect(screen.getByText('Step 3 of 3')).toBeVisible();
    await user.keyboard('ffpb');
    expect(screen.getByText('Step 3 of 3')).toBeVisible();
    await waitFor(() => expect(patches()).toHaveLength(3));
    expect(patches().map((p) => p.body)).toEqual([
      { result: 'passed' },
      { result: 'skipped' },
      { result: 'passed' },
    ]);
    // Holding a key down records once.
    await user.keyboard('{ArrowLeft}{f>3/}');
    await waitFor(() => expect(patches()).toHaveLength(4));
    expect(patches()[3]?.body).toEqual({ result: 'failed' });
  });

  it('ignores the keys while typing a note, and saves the note when leaving the field', async () => {
    const user = userEvent.setup();
    renderRunner();
    const note = await screen.findByLabelText('Note');
    await user.type(note, 'Pretty fast');
    expect(screen.getByText('Step 1 of 3')).toBeVisible();
    expect(patches()).toEqual([]);
    await user.tab();
    await waitFor(() =>
      expect(patches()).toEqual([
        { method: 'PATCH', path: '/api/test-run-results/51/', body: { note: 'Pretty fast' } },
      ]),
    );
    // A result recorded with the button carries on to the next step.
    await user.click(screen.getByRole('button', { name: /^Pass/ }));
    expect(await screen.findByText('Step 2 of 3')).toBeVisible();
    expect(screen.getByLabelText('Note')).toHaveValue('');
  });

  it('keeps a result the server refused on screen, says so, and saves it on Retry', async () => {
    const user = userEvent.setup();
    renderRunner();
    await screen.findByText('Step 1 of 3');
    patchStatus = 500;
    await user.keyboard('b');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Step 1 was not saved: A server error occurred. It is kept here.',
    );
    // Nothing is lost: the step still shows as blocked, and counts as recorded.
    expect(screen.getByText('1 of 3 recorded')).toBeVisible();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: /^Blocked/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    patchStatus = 200;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(patches().map((p) => p.body)).toEqual([{ result: 'blocked' }, { result: 'blocked' }]);
  });

  it('attaches a screenshot pasted or dropped on the step, and refuses other files', async () => {
    renderRunner();
    const step = await screen.findByRole('region', { name: 'Step 1' });
    const png = (name: string) => new File(['png'], name, { type: 'image/png' });
    const paste = new Event('paste', { bubbles: true }) as Event & {
      clipboardData: { files: File[] };
    };
    paste.clipboardData = { files: [png('pasted.png')] };
    document.dispatchEvent(paste);
    expect(await within(step).findByRole('img', { name: 'pasted.png' })).toBeInTheDocument();
    fireEvent.drop(step, {
      dataTransfer: {
        files: [png('dropped.png'), new File(['x'], 'notes.txt', { type: 'text/plain' })],
        types: ['Files'],
      },
    });
    expect(await within(step).findByRole('img', { name: 'dropped.png' })).toBeInTheDocument();
    expect(await screen.findByText('notes.txt is not an image or a PDF.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/test-run-results/51/attachments/', { file: 'pasted.png' }],
      ['/api/test-run-results/51/attachments/', { file: 'dropped.png' }],
    ]);
  });
});
