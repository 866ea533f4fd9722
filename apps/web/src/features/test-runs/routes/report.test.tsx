import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestRun } from '@portal/contract/test-runs';
import type { User } from '@portal/contract/users';
import { json, renderRoute, runOf } from '../test-support';
import { studioAnswer } from '../../../test/api-fakes';
import { TestRunReportRoute } from './report';

const person = (isSuperuser: boolean): User => ({
  id: isSuperuser ? 1 : 2,
  email: isSuperuser ? 'lee@studio.example' : 'dana@acme.example',
  first_name: isSuperuser ? 'Lee' : 'Dana',
  last_name: isSuperuser ? 'Park' : 'Reyes',
  phone: '',
  image: null,
  time_zone: 'UTC',
  is_superuser: isSuperuser,
});

const results: TestRun['results'] = [
  {
    id: 51,
    run: 5,
    order: 0,
    flow_name: 'Checkout',
    step_description: 'The total reads $12',
    step_type: 'VERIFY',
    result: 'failed',
    note: 'It reads $21',
    attachments: [
      {
        id: 9,
        url: '/api/test-run-attachments/9/?expires=1&signature=x',
        name: 'total.png',
        size: 3,
        content_type: 'image/png',
      },
    ],
    updated_by: 1,
    updated_at: '2026-11-20T10:01:00Z',
  },
  {
    id: 52,
    run: 5,
    order: 1,
    flow_name: 'Account',
    step_description: 'Sign out',
    step_type: 'INTERACT',
    result: 'passed',
    note: '',
    attachments: [],
    updated_by: 1,
    updated_at: '2026-11-20T10:02:00Z',
  },
];
const completed = runOf(results, {
  status: 'completed',
  completed_at: '2026-11-20T11:00:00Z',
});

let signOffs: unknown[];

const renderReport = (user: User) =>
  renderRoute(
    '/test-runs/:runId/report',
    '/test-runs/5/report',
    TestRunReportRoute,
    (url: string, init: RequestInit = {}) => {
      const { pathname } = new URL(url, 'http://portal.test');
      if (pathname === '/api/config/') return json(200, { portal_name: 'Portal', google: null });
      if (pathname === '/api/studio/') return studioAnswer('Portal');
      if (pathname === '/api/users/auth/') return json(200, user);
      if (pathname === '/api/test-runs/5/') return json(200, completed);
      if (pathname === '/api/test-runs/5/sign-off/') {
        const body = JSON.parse(String(init.body)) as { signature_name: string; note: string };
        signOffs.push(body);
        if (body.signature_name === 'X') return json(400, { signature_name: ['Too short.'] });
        return json(200, {
          ...completed,
          status: 'signed_off',
          signed_off_by: 2,
          signed_off_at: '2026-11-21T09:00:00Z',
          signature_name: body.signature_name,
          sign_off_note: body.note,
        });
      }
      throw new Error(`unexpected call ${url}`);
    },
  );

beforeEach(() => {
  localStorage.clear();
  signOffs = [];
});
afterEach(() => vi.unstubAllGlobals());

describe('test run report', () => {
  it('shows every step by flow with its result, note and screenshot; staff cannot sign', async () => {
    renderReport(person(true));
    const checkout = await screen.findByRole('region', { name: 'Checkout' });
    expect(within(checkout).getByText('Failed')).toBeVisible();
    expect(within(checkout).getByText('It reads $21')).toBeVisible();
    expect(within(checkout).getByRole('img', { name: 'total.png' })).toHaveAttribute(
      'src',
      '/api/test-run-attachments/9/?expires=1&signature=x',
    );
    expect(screen.getByRole('region', { name: 'Account' })).toHaveTextContent('Passed');
    expect(screen.getByRole('img', { name: 'Results: 1 passed, 1 failed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign off' })).not.toBeInTheDocument();
  });

  it('lets the client sign off: a name, a note because a step failed, the server’s errors shown', async () => {
    const user = userEvent.setup();
    renderReport(person(false));
    await user.click(await screen.findByRole('button', { name: 'Sign off' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign off this test run' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign off' }));
    expect(within(dialog).getByLabelText('Full name')).toHaveAccessibleDescription(
      'Type your full name to sign.',
    );
    expect(within(dialog).getByLabelText('Note (required)')).toHaveAccessibleDescription(
      /Explain the failed or blocked steps before signing off\./,
    );
    expect(signOffs).toEqual([]);

    await user.type(within(dialog).getByLabelText('Full name'), 'X');
    await user.type(within(dialog).getByLabelText('Note (required)'), 'Fix it later');
    await user.click(within(dialog).getByRole('button', { name: 'Sign off' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Full name')).toHaveAccessibleDescription('Too short.'),
    );

    await user.clear(within(dialog).getByLabelText('Full name'));
    await user.type(within(dialog).getByLabelText('Full name'), 'Dana Reyes');
    await user.click(within(dialog).getByRole('button', { name: 'Sign off' }));
    expect(await screen.findByText(/^Signed off by/)).toHaveTextContent('Signed off by Dana Reyes');
    expect(screen.getByText('Fix it later')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(signOffs).toEqual([
      { signature_name: 'X', note: 'Fix it later' },
      { signature_name: 'Dana Reyes', note: 'Fix it later' },
    ]);
  });
});
