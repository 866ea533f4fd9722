import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

const setup = (props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) => {
  const onConfirm = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title="Delete client"
      message="Are you sure you want to delete Acme?"
      onConfirm={onConfirm}
      {...props}
    />,
  );
  return { onConfirm, onOpenChange, user: userEvent.setup() };
};

describe('ConfirmDialog', () => {
  it('shows the title and message in a labelled dialog with Cancel and Confirm', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Delete client' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Acme?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
  });

  it('calls onConfirm when confirmed', async () => {
    const { onConfirm, onOpenChange, user } = setup({ confirmLabel: 'Delete' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('closes without confirming on Cancel and on Escape', async () => {
    const { onConfirm, onOpenChange, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onOpenChange.mock.calls).toEqual([[false], [false]]);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('makes the confirm button red for a dangerous action only', () => {
    setup({ danger: true });
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveClass('bg-red-600');
  });

  it('uses the brand colour otherwise', () => {
    setup();
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(confirm).toHaveClass('bg-brand-600');
    expect(confirm).not.toHaveClass('bg-red-600');
  });

  it('blocks both buttons and closing while the action is pending', async () => {
    const { onConfirm, onOpenChange, user } = setup({ pending: true });
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('keeps keyboard focus inside the dialog', async () => {
    const { user } = setup();
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 5; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('gives focus back to the button that opened it', async () => {
    const Harness = () => {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Delete lead
          </button>
          <ConfirmDialog
            open={open}
            onOpenChange={setOpen}
            title="Delete lead"
            message="Sure?"
            onConfirm={() => setOpen(false)}
          />
        </>
      );
    };
    render(<Harness />);
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Delete lead' });
    await user.click(opener);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
