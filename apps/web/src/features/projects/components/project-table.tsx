import type { ReactNode } from 'react';
import { FolderKanban } from 'lucide-react';
import { Link } from 'react-router';
import type { Project } from '@portal/contract/projects';
import type { PROJECT_ORDERING_FIELDS } from '@portal/contract/sorting';
import { SortHeader } from '../../../components/ui/sort-header';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import type { UrlOrdering } from '../../../lib/use-url-ordering';
import { formatDate } from '../lib/format';
import { EmptyState } from './states';
import { Completion, ProjectStatusBadge } from './status-badge';
import { textLink } from '../../../components/ui/text-link';

type SortField = (typeof PROJECT_ORDERING_FIELDS)[number];

/**
 * Projects with Name (link), Phase, Status and Completion, in the order given (spec §2). The
 * projects list adds Client and Target date and sorts by its headers (issue 19): it passes
 * `clientNames` and `sort`.
 */
export const ProjectTable = ({
  projects,
  empty,
  clientNames,
  sort,
}: {
  projects: readonly Project[];
  /** What an empty table says; by default that projects are created from a client. */
  empty?: ReactNode;
  /** Client id → name: shows the Client column. */
  clientNames?: ReadonlyMap<number, string>;
  sort?: UrlOrdering<SortField>;
}) => {
  /** A sortable column's header: a `SortHeader` when the table sorts, else plain text. */
  const sortable = (field: SortField, header: string, headerClassName?: string) => ({
    header,
    headerClassName,
    headerCell: sort && (
      <SortHeader field={field} label={header} sort={sort} className={headerClassName} />
    ),
  });
  const wide = sort !== undefined;
  const none = <span className="text-slate-500">None</span>;
  const columns: (DataColumn<Project> | false | undefined)[] = [
    {
      ...sortable('name', 'Name'),
      cell: (project) => (
        <>
          <Link to={`/projects/${project.slug}`} className={textLink}>
            {project.name}
          </Link>
          {/* Narrow screens fold Client, Phase and Completion under the name. */}
          <p className="mt-0.5 text-xs text-slate-600 sm:hidden">
            {clientNames && `${clientNames.get(project.client) ?? ''} · `}
            {project.phase || 'No phase'} · {project.percentage_complete}%
          </p>
        </>
      ),
    },
    clientNames && {
      ...sortable('client', 'Client', 'hidden md:table-cell'),
      cellClassName: 'hidden md:table-cell',
      cell: (project) => clientNames.get(project.client) ?? '',
    },
    {
      header: 'Phase',
      headerClassName: 'hidden sm:table-cell',
      cellClassName: 'hidden whitespace-nowrap sm:table-cell',
      cell: (project) => project.phase || none,
    },
    {
      ...sortable('status', 'Status'),
      cell: (project) => <ProjectStatusBadge status={project.status} />,
    },
    {
      header: 'Completion',
      headerClassName: 'hidden sm:table-cell',
      cellClassName: 'hidden sm:table-cell',
      cell: (project) => <Completion value={project.percentage_complete} />,
    },
    wide && {
      ...sortable('target_date', 'Target date', 'hidden lg:table-cell'),
      cellClassName: 'hidden whitespace-nowrap lg:table-cell',
      cell: (project) => formatDate(project.target_date) ?? none,
    },
  ];
  return (
    <DataTable
      aria-label="Projects"
      columns={columns}
      rows={projects}
      rowKey={(project) => project.id}
      emptyClassName="py-4"
      empty={
        empty ?? (
          <EmptyState icon={FolderKanban} title="No projects yet">
            Projects are created from their client's page.
          </EmptyState>
        )
      }
    />
  );
};
