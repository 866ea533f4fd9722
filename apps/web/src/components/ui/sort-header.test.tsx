import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlOrdering } from '../../lib/use-url-ordering';
import { SortHeader } from './sort-header';
import { Table, TableHead } from './table';

const FIELDS = ['client', 'status'] as const;

const Header = () => {
  const sort = useUrlOrdering(FIELDS);
  return (
    <Table>
      <TableHead>
        <tr>
          <SortHeader field="client" label="Client" sort={sort} />
          <SortHeader field="status" label="Status" sort={sort} />
        </tr>
      </TableHead>
    </Table>
  );
};

const renderAt = (url: string) => {
  const router = createMemoryRouter([{ path: '/projects', Component: Header }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return router;
};

describe('SortHeader with useUrlOrdering', () => {
  it('cycles ascending, descending, default, keeps it in ?ordering= and drops the page', async () => {
    const router = renderAt('/projects?page=3&search=acme');
    const client = screen.getByRole('columnheader', { name: 'Client' });
    expect(client).toHaveAttribute('aria-sort', 'none');

    await userEvent.click(screen.getByRole('button', { name: 'Client' }));
    expect(router.state.location.search).toBe('?search=acme&ordering=client');
    expect(client).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(screen.getByRole('button', { name: 'Client' }));
    expect(router.state.location.search).toBe('?search=acme&ordering=-client');
    expect(client).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(screen.getByRole('button', { name: 'Client' }));
    expect(router.state.location.search).toBe('?search=acme');
    expect(client).toHaveAttribute('aria-sort', 'none');
  });

  it('reads the sort from the URL and ignores a field the list does not know', () => {
    renderAt('/projects?ordering=-status');
    expect(screen.getByRole('columnheader', { name: 'Status' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('shows the default order for an unknown field', () => {
    renderAt('/projects?ordering=secret');
    for (const name of ['Client', 'Status'])
      expect(screen.getByRole('columnheader', { name })).toHaveAttribute('aria-sort', 'none');
  });
});
