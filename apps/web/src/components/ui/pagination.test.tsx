import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'Pagination' }))
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((button) => button.textContent);

describe('Pagination', () => {
  it("shows '0 of 0' and no usable buttons when there is nothing to page", () => {
    render(<Pagination page={1} count={0} pageSize={20} onPageChange={() => undefined} />);
    expect(screen.getByText('0 of 0')).toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: /^Page / })).toHaveLength(0);
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
  });

  it('shows a window of five pages with first, last and ellipses', () => {
    render(<Pagination page={5} count={200} pageSize={20} onPageChange={() => undefined} />);
    expect(pageButtons()).toEqual(['1', '3', '4', '5', '6', '7', '10']);
    expect(screen.getAllByText('…')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 4' })).not.toHaveAttribute('aria-current');
    expect(screen.getByText('81–100')).toBeInTheDocument();
  });

  it('disables first and previous on the first page', () => {
    render(<Pagination page={1} count={45} pageSize={20} onPageChange={() => undefined} />);
    expect(pageButtons()).toEqual(['1', '2', '3']);
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeEnabled();
  });

  it('disables next and last on the last page', () => {
    render(<Pagination page={3} count={45} pageSize={20} onPageChange={() => undefined} />);
    expect(screen.getByText('41–45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });

  it('asks for the page that was clicked', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={5} count={200} pageSize={20} onPageChange={onPageChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 7' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'First page' }));
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await user.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(onPageChange.mock.calls).toEqual([[7], [6], [4], [1], [10]]);
  });
});
