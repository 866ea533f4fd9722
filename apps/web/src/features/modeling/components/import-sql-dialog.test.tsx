import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANVAS_CONFLICT_MESSAGE } from '@portal/contract/canvas';
import type { CanvasImportResponse } from '@portal/contract/canvas-import';
import { DISCARD_TITLE } from '../../../components/forms/unsaved-changes';
import { fetchCall, json, testClient } from '../../../test/api-fakes';
import { IMPORT_SQL_EMPTY, ImportSqlDialog, type ImportSqlDialogProps } from './import-sql-dialog';

const answer: CanvasImportResponse = {
  canvas: {
    id: 5,
    name: 'Shop',
    client_id: 1,
    client_name: 'Acme',
    data: '',
    version: 4,
    created_at: '2025-01-02T10:00:00.000Z',
    updated_at: '2025-01-02T10:00:00.000Z',
  },
  created: ['customer'],
  updated: [],
  relations: 0,
  skipped: [],
  notes: [],
};

const SCRIPT = 'CREATE TABLE customer (\n  id bigint PRIMARY KEY,\n  email tex t\n);';

let queryClient: QueryClient;
let fetch: ReturnType<typeof vi.fn>;
let respond: () => Response;

beforeEach(() => {
  queryClient = testClient();
  respond = () => json(200, answer);
  fetch = vi.fn(async () => respond());
  vi.stubGlobal('fetch', fetch);
});
afterEach(() => vi.unstubAllGlobals());

const Harness = (props: Partial<ImportSqlDialogProps>) => {
  const [open, setOpen] = useState(false);
  return (
    <QueryClientProvider client={queryClient}>
      <button type="button" onClick={() => setOpen(true)}>
        Import SQL
      </button>
      <ImportSqlDialog
        open={open}
        onOpenChange={setOpen}
        canvasId={5}
        unsaved={false}
        baseVersion={async () => 3}
        onImported={() => undefined}
        onReload={async () => undefined}
        {...props}
      />
    </QueryClientProvider>
  );
};

const open = async (props: Partial<ImportSqlDialogProps> = {}) => {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  await user.click(screen.getByRole('button', { name: 'Import SQL' }));
  const dialog = screen.getByRole('dialog', { name: 'Import SQL' });
  const script = screen.getByRole('textbox', { name: 'SQL script' });
  return { user, dialog, script };
};

describe('ImportSqlDialog', () => {
  it('opens in the script, sends it with the dialect and version, and gives focus back on success', async () => {
    const onImported = vi.fn();
    const { user, script } = await open({ onImported });
    expect(script).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'PostgreSQL' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByText(IMPORT_SQL_EMPTY)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await user.click(script);
    await user.paste('CREATE TABLE customer (id int);');
    await user.click(screen.getByRole('radio', { name: 'MySQL' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));

    await waitFor(() => expect(onImported).toHaveBeenCalledWith(answer));
    expect(fetchCall(fetch)).toEqual({
      url: '/api/canvas/5/import-sql/',
      method: 'POST',
      body: { sql: 'CREATE TABLE customer (id int);', dialect: 'mysql', version: 3 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Import SQL' })).toHaveFocus();
  });

  it('shows a syntax error at the script and puts the caret on its line and column', async () => {
    respond = () =>
      json(400, { sql: ['Syntax error at line 3, column 13: syntax error at or near "t"'] });
    const { user, dialog, script } = await open();
    await user.click(script);
    await user.paste(SCRIPT);
    await user.click(screen.getByRole('button', { name: 'Import' }));

    const message = await screen.findByText(/^Syntax error at line 3, column 13/);
    expect(script).toHaveAttribute('aria-invalid', 'true');
    expect(script).toHaveAccessibleDescription(expect.stringContaining('line 3, column 13'));
    expect(script).toHaveFocus();
    const caret = (script as HTMLTextAreaElement).selectionStart;
    expect(SCRIPT.slice(caret)).toBe('t\n);');
    expect(dialog).toBeInTheDocument();
    // Typing again clears the message.
    await user.type(script, 'x');
    expect(message).not.toBeInTheDocument();
  });

  it('refuses a file over 2 MB before sending, and fills the script from a smaller one', async () => {
    const { user, script } = await open();
    const picker = screen.getByLabelText('SQL file');
    const big = new File(['-'.repeat(2 * 1024 * 1024 + 1)], 'huge.sql', {
      type: 'application/sql',
    });
    await user.upload(picker, big);
    expect(await screen.findByText(/^huge\.sql is 2\.0 MB; a script of at most/)).toBeVisible();
    expect(script).toHaveValue('');

    await user.upload(picker, new File(['CREATE TABLE a (id int);'], 'shop.sql'));
    await waitFor(() => expect(script).toHaveValue('CREATE TABLE a (id int);'));
    expect(screen.getByText('shop.sql')).toBeVisible();
    expect(screen.queryByText(/huge\.sql/)).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('explains a 409 and reloads the canvas with the script kept', async () => {
    respond = () => json(409, { detail: CANVAS_CONFLICT_MESSAGE, version: 7 });
    const onReload = vi.fn(async () => undefined);
    const { user, script } = await open({ onReload });
    await user.click(script);
    await user.paste('CREATE TABLE a (id int);');
    await user.click(screen.getByRole('button', { name: 'Import' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CANVAS_CONFLICT_MESSAGE);
    expect(alert).toHaveTextContent('Nothing was imported');
    await user.click(screen.getByRole('button', { name: 'Reload the canvas' }));
    expect(onReload).toHaveBeenCalledOnce();
    expect(await screen.findByRole('status')).toHaveTextContent('The canvas was reloaded');
    expect(screen.queryByText(CANVAS_CONFLICT_MESSAGE)).not.toBeInTheDocument();
    expect(script).toHaveValue('CREATE TABLE a (id int);');
  });

  it('shows a failure that is not about the script in the dialog, which stays open', async () => {
    respond = () => json(500, { detail: 'A server error occurred.' });
    const { user, dialog, script } = await open();
    await user.click(script);
    await user.paste('CREATE TABLE a (id int);');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A server error occurred.');
    expect(dialog).toBeInTheDocument();
    expect(script).toHaveValue('CREATE TABLE a (id int);');
  });

  it('saves unsaved changes first, and says so on the button', async () => {
    const baseVersion = vi.fn(async () => 9);
    const { user, script } = await open({ unsaved: true, baseVersion });
    expect(screen.getByText(/This canvas has unsaved changes/)).toBeVisible();
    await user.click(script);
    await user.paste('CREATE TABLE a (id int);');
    await user.click(screen.getByRole('button', { name: 'Save and import' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    expect(baseVersion).toHaveBeenCalledOnce();
    expect(fetchCall(fetch).body).toMatchObject({ version: 9 });
  });

  it('asks before Escape throws typed SQL away — every time it is opened', async () => {
    const { user, script } = await open();
    await user.type(script, 'CREATE');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: DISCARD_TITLE })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(script).toHaveValue('CREATE');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Opened again: the script is empty, and typing in it is asked about again.
    await user.click(screen.getByRole('button', { name: 'Import SQL' }));
    const again = screen.getByRole('textbox', { name: 'SQL script' });
    expect(again).toHaveValue('');
    await user.type(again, 'DROP');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: DISCARD_TITLE })).toBeVisible();
  });
});
