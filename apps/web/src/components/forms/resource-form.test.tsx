import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TextField } from './fields';
import { ResourceForm, useResourceForm } from './resource-form';
import { DISCARD_TITLE } from './unsaved-changes';

const schema = z.object({ name: z.string().min(1), city: z.string() });

const NameForm = ({
  onOpenChange,
  onSave = () => undefined,
}: {
  onOpenChange(open: boolean): void;
  onSave?(values: z.output<typeof schema>, close: (message: string) => void): void;
}) => {
  const form = useResourceForm(schema, { name: 'Acme', city: '' });
  return (
    <ResourceForm
      open
      onOpenChange={onOpenChange}
      title="Rename"
      form={form}
      onSave={onSave}
      saving={false}
    >
      <TextField name="name" label="Name" />
      <TextField name="city" label="City" />
    </ResourceForm>
  );
};

describe('ResourceForm', () => {
  it('opens with focus on the first field and nothing selected', async () => {
    render(<NameForm onOpenChange={vi.fn()} />);
    const name = await screen.findByLabelText('Name');
    await waitFor(() => expect(name).toHaveFocus());
    const input = name as HTMLInputElement;
    expect(input.selectionEnd! - input.selectionStart!).toBe(0);
  });

  it('closes at once when nothing changed', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<NameForm onOpenChange={onOpenChange} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByText(DISCARD_TITLE)).not.toBeInTheDocument();
  });

  it('asks before throwing changes away on Escape and Cancel, and keeps them on "Keep editing"', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<NameForm onOpenChange={onOpenChange} />);
    await user.type(screen.getByLabelText('City'), 'Berlin');

    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: DISCARD_TITLE });
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByLabelText('City')).toHaveValue('Berlin');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('dialog', { name: DISCARD_TITLE });
    await user.click(within(again).getByRole('button', { name: 'Discard' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('closes without asking once the save went through', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<NameForm onOpenChange={onOpenChange} onSave={(_values, close) => close('Saved')} />);
    await user.type(screen.getByLabelText('City'), 'Berlin');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(screen.queryByText(DISCARD_TITLE)).not.toBeInTheDocument();
  });

  it('asks before an in-app navigation throws the changes away', async () => {
    const user = userEvent.setup();
    const Page = () => {
      const [open, setOpen] = useState(true);
      return (
        <>
          <Link to="/elsewhere">Elsewhere</Link>
          {open && <NameForm onOpenChange={setOpen} />}
        </>
      );
    };
    const router = createMemoryRouter(
      [
        { path: '/', element: <Page /> },
        { path: '/elsewhere', element: <p>Elsewhere</p> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    await user.type(screen.getByLabelText('City'), 'Berlin');
    // The drawer is modal: navigate as Back or a script would.
    void router.navigate('/elsewhere');
    const question = await screen.findByRole('dialog', { name: DISCARD_TITLE });
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/');

    void router.navigate('/elsewhere');
    await user.click(
      within(await screen.findByRole('dialog', { name: DISCARD_TITLE })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });
});
