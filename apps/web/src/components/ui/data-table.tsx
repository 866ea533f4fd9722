import { Fragment, type ComponentProps, type Key, type ReactElement, type ReactNode } from 'react';
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeaderCell,
  TableRow,
} from './table';

/** One column of a `DataTable`: its header and what each row shows in it. */
export type DataColumn<Row> = {
  /** What the header cell says (also its React key, so keep it unique within the table). */
  header: string;
  /** Shown in place of `header`, e.g. a visually hidden "Actions". */
  headerContent?: ReactNode;
  /** Classes of the header cell: a width, `hidden sm:table-cell`. */
  headerClassName?: string;
  /** A header cell of its own in place of the plain one, e.g. a `<SortHeader>`. */
  headerCell?: ReactElement;
  cell(row: Row): ReactNode;
  /** Classes of each body cell of the column. */
  cellClassName?: string;
};

export type DataTableProps<Row> = Omit<ComponentProps<'table'>, 'children'> & {
  /** `false` leaves a column out, so a screen can write `wide && { ... }`. */
  columns: readonly (DataColumn<Row> | false | undefined)[];
  rows: readonly Row[];
  rowKey(row: Row, index: number): Key;
  /** What the body says when there are no rows; its cell spans every column. */
  empty?: ReactNode;
  emptyClassName?: string;
  headClassName?: string;
};

const isColumn = <Row,>(column: DataColumn<Row> | false | undefined): column is DataColumn<Row> =>
  Boolean(column);

/**
 * The table most screens show: a header row, then a row per record, or one cell saying the list
 * is empty. A table with its own row layout (skeleton rows, a phone layout) uses the parts in
 * `table.tsx` directly.
 */
export const DataTable = <Row,>({
  columns,
  rows,
  rowKey,
  empty,
  emptyClassName,
  headClassName,
  ...props
}: DataTableProps<Row>) => {
  const shown = columns.filter(isColumn);
  return (
    <Table {...props}>
      <TableHead className={headClassName}>
        <tr>
          {shown.map((column) => (
            <Fragment key={column.header}>
              {column.headerCell ?? (
                <TableHeaderCell className={column.headerClassName}>
                  {column.headerContent ?? column.header}
                </TableHeaderCell>
              )}
            </Fragment>
          ))}
        </tr>
      </TableHead>
      <TableBody>
        {rows.length === 0 && empty !== undefined ? (
          <TableEmpty colSpan={shown.length} className={emptyClassName}>
            {empty}
          </TableEmpty>
        ) : (
          rows.map((row, index) => (
            <TableRow key={rowKey(row, index)}>
              {shown.map((column) => (
                <TableCell key={column.header} className={column.cellClassName}>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
};
