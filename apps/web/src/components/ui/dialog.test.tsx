import { useState, type ComponentType } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Dialog, type DialogProps } from './dialog';
import { Drawer } from './drawer';

const Opener = ({
  Modal,
  ...props
}: { Modal: ComponentType<DialogProps> } & Partial<DialogProps>) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Edit client"
        footer={<button type="button">Save</button>}
        {...props}
      >
        <input aria-label="Name" />
      </Modal>
    </>
  );
};

describe.each([
  ['Dialog', Dialog],
  ['Drawer', Drawer],
])('%s', (_name, Modal) => {
  it('is a dialog named by its title, described by its description, with its body and footer', async () => {
    const user = userEvent.setup();
    render(<Opener Modal={Modal} description="Change the name." />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit client' });
    expect(dialog).toHaveAccessibleDescription('Change the name.');
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('has no description unless given one', async () => {
    const user = userEvent.setup();
    render(<Opener Modal={Modal} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Edit client' })).not.toHaveAttribute(
      'aria-describedby',
    );
  });

  it('closes with its close button and gives focus back to what opened it', async () => {
    const user = userEvent.setup();
    render(<Opener Modal={Modal} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('closes on Escape and gives focus back as well', async () => {
    const user = userEvent.setup();
    render(<Opener Modal={Modal} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});
