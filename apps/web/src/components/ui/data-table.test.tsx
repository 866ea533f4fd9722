import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataColumn } from './data-table';

type Person = { id: number; name: string; email: string };

const columns = (withEmail: boolean): (DataColumn<Person> | false)[] => [
  { header: 'Name', cellClassName: 'font-medium', cell: (person) => person.name },
  withEmail && { header: 'Email', cell: (person) => person.email },
  {
    header: 'Actions',
    headerContent: <span className="sr-only">Actions</span>,
    cell: (person) => <button type="button">Remove {person.name}</button>,
  },
];

const people: Person[] = [
  { id: 1, name: 'Ada', email: 'ada@example.com' },
  { id: 2, name: 'Grace', email: 'grace@example.com' },
];

describe('DataTable', () => {
  it('shows a header and a row a record, leaving out the columns given as false', () => {
    render(
      <DataTable aria-label="People" columns={columns(false)} rows={people} rowKey={(p) => p.id} />,
    );
    const table = screen.getByRole('table', { name: 'People' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByRole('cell', { name: 'Grace' })).toHaveClass('font-medium');
    expect(within(rows[1]!).getByRole('button', { name: 'Remove Grace' })).toBeInTheDocument();
  });

  it('says the list is empty in one cell across every column', () => {
    render(
      <DataTable
        aria-label="People"
        columns={columns(true)}
        rows={[]}
        rowKey={(p) => p.id}
        empty="Nobody yet."
      />,
    );
    expect(screen.getByRole('cell', { name: 'Nobody yet.' })).toHaveAttribute('colspan', '3');
  });
});
