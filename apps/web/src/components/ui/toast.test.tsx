import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION, Toaster, toast } from './toast';

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
  vi.useRealTimers();
});

describe('toast', () => {
  it('loads nothing before the first toast, then shows it and those raised meanwhile', async () => {
    vi.resetModules(); // a first toast in a fresh app
    const fresh = await import('./toast');
    const { container } = render(<fresh.Toaster />);
    // Only the live wrapper an open dialog leaves audible (see Toaster), empty.
    expect(container.firstElementChild).toHaveAttribute('aria-live', 'off');
    expect(container.firstElementChild).toBeEmptyDOMElement();
    act(() => {
      fresh.toast.error('First');
      fresh.toast.info('Second');
    });
    // The toast code loads now, for the first time in this module graph: allow for compiling it.
    expect(await screen.findByText('Second', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('First')).toBeInTheDocument();
    act(() => {
      fresh.toast.dismiss();
    });
  });

  it('closes when clicked', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('Profile updated');
    });
    const card = await screen.findByRole('button', { name: /Profile updated/ });
    await userEvent.setup().click(card);
    // Sonner keeps the element for its exit animation, then removes it.
    await vi.waitFor(() => expect(screen.queryByText('Profile updated')).not.toBeInTheDocument(), {
      timeout: 2000,
    });
  });

  it('names its kind for screen readers', async () => {
    render(<Toaster />);
    act(() => {
      toast.error('Something went wrong');
      toast.warning('Careful');
      toast.info('Heads up');
    });
    await screen.findByText('Something went wrong');
    // Sonner collapses the older toasts into a stack, which jsdom reports as hidden.
    const names = screen
      .getAllByRole('button', { hidden: true })
      .map((button) => button.textContent)
      .sort();
    expect(names).toEqual([
      'Error: Something went wrong',
      'Information: Heads up',
      'Warning: Careful',
    ]);
  });

  it('disappears by itself after 10 seconds', async () => {
    expect(TOAST_DURATION).toBe(10_000);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<Toaster />);
    act(() => {
      toast.info('Saved');
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOAST_DURATION - 1000);
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    await vi.waitFor(() => expect(screen.queryByText('Saved')).not.toBeInTheDocument());
  });
});
