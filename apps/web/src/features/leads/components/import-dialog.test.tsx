import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LeadImportResult } from '@portal/contract/leads';
import { createQueryClient } from '../../../lib/query-client';
import { ImportDialog } from './import-dialog';

const result = (fields: Partial<LeadImportResult> = {}): LeadImportResult => ({
  dry_run: true,
  rows: 3,
  created: 0,
  duplicates: [{ row: 4, lead: 17, reason: 'email' }],
  duplicates_in_file: [],
  errors: [],
  columns: [
    { header: 'First Name', field: 'first_name' },
    { header: 'Source', field: 'metadata.Source' },
  ],
  preview: [
    {
      row: 2,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@x.test',
      company: 'AE',
      status: 'won',
    },
    {
      row: 3,
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'g@x.test',
      company: '',
      status: 'new',
    },
  ],
  ...fields,
});

let sent: { dryRun: string | null; file: string | null }[];
let answers: Response[];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  sent = [];
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const url = new URL(input, 'http://portal.test');
      if (url.pathname !== '/api/leads/import/' || init.method !== 'POST')
        throw new Error(`unexpected call ${init.method} ${input}`);
      const form = init.body as FormData;
      const file = form.get('file');
      sent.push({
        dryRun: form.get('dry_run') as string | null,
        file: file instanceof File ? file.name : null,
      });
      const answer = answers.shift();
      if (!answer) throw new Error('no answer left');
      return answer;
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

const open = () => {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ImportDialog open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { onOpenChange, user: userEvent.setup() };
};

const csv = () => new File(['First Name\nAda\n'], 'crm.csv', { type: 'text/csv' });

describe('ImportDialog', () => {
  it('previews the dry run, then imports the same file for real', async () => {
    answers = [json(200, result()), json(201, result({ dry_run: false, created: 2 }))];
    const { onOpenChange, user } = open();
    await user.upload(screen.getByLabelText('CSV file'), csv());

    expect(await screen.findByText('3 rows read: 2 new leads, 1 duplicate skipped.')).toBeVisible();
    const preview = screen.getByRole('table', { name: 'Import preview' });
    const rows = within(preview).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Ada Lovelace');
    expect(rows[1]).toHaveTextContent('Won');
    expect(screen.getByText(/row 4 \(same email as lead #17\)/)).toBeVisible();
    expect(sent).toEqual([{ dryRun: 'true', file: 'crm.csv' }]);

    await user.click(screen.getByRole('button', { name: 'Import 2 leads' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toEqual([
      { dryRun: 'true', file: 'crm.csv' },
      { dryRun: 'false', file: 'crm.csv' },
    ]);
  });

  it('counts rows that repeat an earlier row of the file as skipped duplicates', async () => {
    const repeats = result({
      rows: 4,
      duplicates_in_file: [{ row: 5, same_as_row: 2, reason: 'phone' }],
    });
    answers = [json(200, repeats), json(201, { ...repeats, dry_run: false, created: 2 })];
    const { onOpenChange, user } = open();
    await user.upload(screen.getByLabelText('CSV file'), csv());

    expect(
      await screen.findByText('4 rows read: 2 new leads, 2 duplicates skipped.'),
    ).toBeVisible();
    expect(screen.getByText(/row 4 \(same email as lead #17\)/)).toBeVisible();
    expect(screen.getByText(/Repeated in this file.*row 5 \(same phone as row 2\)/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Import 2 leads' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('lists every bad row and will not import a file that has any', async () => {
    answers = [
      json(
        200,
        result({
          errors: [
            { row: 3, field: 'email', message: 'Enter a valid email address.' },
            { row: 3, field: 'status', message: '"lost" is not a valid choice.' },
          ],
        }),
      ),
    ];
    const { user } = open();
    await user.upload(screen.getByLabelText('CSV file'), csv());
    const problems = await screen.findByRole('table', { name: 'Problems' });
    expect(
      within(problems)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'RowColumnProblem',
      '3emailEnter a valid email address.',
      '3status"lost" is not a valid choice.',
    ]);
    expect(screen.getByText(/1 row with problems/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('says why a file is refused as a whole', async () => {
    answers = [
      json(400, { file: ['The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.'] }),
    ];
    const { user } = open();
    await user.upload(screen.getByLabelText('CSV file'), csv());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.',
    );
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });
});
