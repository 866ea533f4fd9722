import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { SortTerm } from '@portal/contract/sorting';
import { cn } from './cn';
import { TableHeaderCell } from './table';

export type SortHeaderProps<F extends string> = {
  field: F;
  label: string;
  sort: { term: SortTerm<F> | null; toggle(field: F): void };
  className?: string;
};

/**
 * A column header people sort by (issue 19): a button in the header cell, the direction shown
 * by an arrow and told by `aria-sort` on the cell.
 */
export const SortHeader = <F extends string>({
  field,
  label,
  sort,
  className,
}: SortHeaderProps<F>) => {
  const active = sort.term?.field === field;
  const descending = active && sort.term?.descending === true;
  const Icon = !active ? ArrowUpDown : descending ? ArrowDown : ArrowUp;
  return (
    <TableHeaderCell
      aria-sort={!active ? 'none' : descending ? 'descending' : 'ascending'}
      className={className}
    >
      <button
        type="button"
        onClick={() => sort.toggle(field)}
        className={cn(
          '-mx-1 inline-flex cursor-pointer items-center gap-1 rounded px-1 uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
          active && 'text-slate-900',
        )}
      >
        {label}
        <Icon aria-hidden className={cn('size-3.5', !active && 'opacity-60')} />
      </button>
    </TableHeaderCell>
  );
};
