import { memo } from 'react';
import { DateTime } from '../../../components/ui/date-time';
import { Trash2, Workflow } from 'lucide-react';
import { Link } from 'react-router';
import type { CanvasSummary } from '@portal/contract/canvas';
import { Button } from '../../../components/ui/button';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../projects/components/states';
import { cn } from '../../../components/ui/cn';
import { textLink } from '../../../components/ui/text-link';

/** Where a canvas is edited. */
export const canvasPath = (id: number) => `/experimental/modeling/${id}`;

/** Spec §9's general date display with the time of day: a canvas changes many times a day. */

export type CanvasListProps = {
  canvases: CanvasSummary[];
  onDelete(canvas: CanvasSummary): void;
};

const columns = (onDelete: CanvasListProps['onDelete']): DataColumn<CanvasSummary>[] => [
  {
    header: 'Name',
    cellClassName: 'max-w-0 w-full',
    cell: (canvas) => (
      <>
        <Link to={canvasPath(canvas.id)} className={cn(textLink, 'block truncate')}>
          {canvas.name}
        </Link>
        {/* On a phone the client sits under the name. */}
        <p className="mt-0.5 truncate text-xs text-slate-500 sm:hidden">{canvas.client_name}</p>
      </>
    ),
  },
  {
    header: 'Client',
    headerClassName: 'hidden sm:table-cell',
    cellClassName: 'hidden whitespace-nowrap sm:table-cell',
    cell: (canvas) => canvas.client_name,
  },
  {
    header: 'Updated',
    headerClassName: 'hidden md:table-cell',
    cellClassName: 'hidden whitespace-nowrap text-slate-500 md:table-cell',
    cell: (canvas) => <DateTime value={canvas.updated_at} />,
  },
  {
    header: 'Actions',
    headerContent: <span className="sr-only">Actions</span>,
    cellClassName: 'text-right',
    cell: (canvas) => (
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
    ),
  },
];

/** Every canvas: its name linking to the editor, its client, when it last changed, Delete. */
export const CanvasList = memo(function CanvasList({ canvases, onDelete }: CanvasListProps) {
  return (
    <DataTable
      aria-label="Canvases"
      columns={columns(onDelete)}
      rows={canvases}
      rowKey={(canvas) => canvas.id}
      emptyClassName="py-4"
      empty={
        <EmptyState icon={Workflow} title="No canvases yet">
          Name a canvas and choose its client above to start drawing a data model.
        </EmptyState>
      }
    />
  );
});
