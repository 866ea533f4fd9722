import { memo } from 'react';
import { DateTime } from '../../../components/ui/date-time';
import { Trash2, Workflow } from 'lucide-react';
import { Link } from 'react-router';
import type { CanvasSummary } from '@portal/contract/canvas';
import { Button } from '../../../components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table';
import { EmptyState } from '../../projects/components/states';

/** Where a canvas is edited. */
export const canvasPath = (id: number) => `/experimental/modeling/${id}`;

/** Spec §9's general date display with the time of day: a canvas changes many times a day. */

export type CanvasListProps = {
  canvases: CanvasSummary[];
  onDelete(canvas: CanvasSummary): void;
};

/** Every canvas: its name linking to the editor, its client, when it last changed, Delete. */
export const CanvasList = memo(function CanvasList({ canvases, onDelete }: CanvasListProps) {
  return (
    <Table aria-label="Canvases">
      <TableHead>
        <tr>
          <TableHeaderCell>Name</TableHeaderCell>
          <TableHeaderCell className="hidden sm:table-cell">Client</TableHeaderCell>
          <TableHeaderCell className="hidden md:table-cell">Updated</TableHeaderCell>
          <TableHeaderCell>
            <span className="sr-only">Actions</span>
          </TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {canvases.length === 0 ? (
          <TableEmpty colSpan={4} className="py-4">
            <EmptyState icon={Workflow} title="No canvases yet">
              Name a canvas and choose its client above to start drawing a data model.
            </EmptyState>
          </TableEmpty>
        ) : (
          canvases.map((canvas) => (
            <TableRow key={canvas.id}>
              <TableCell className="max-w-0 w-full">
                <Link
                  to={canvasPath(canvas.id)}
                  className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {canvas.name}
                </Link>
                {/* On a phone the client sits under the name. */}
                <p className="mt-0.5 truncate text-xs text-slate-500 sm:hidden">
                  {canvas.client_name}
                </p>
              </TableCell>
              <TableCell className="hidden whitespace-nowrap sm:table-cell">
                {canvas.client_name}
              </TableCell>
              <TableCell className="hidden whitespace-nowrap text-slate-500 md:table-cell">
                <DateTime value={canvas.updated_at} />
              </TableCell>
              <TableCell className="text-right">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete canvas ${canvas.name}`}
                  onClick={() => onDelete(canvas)}
                  className="text-red-600 hover:bg-red-50 hover:text-red-700"
                >
                  <Trash2 aria-hidden />
                  <span className="hidden sm:inline">Delete</span>
                </Button>
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
});
