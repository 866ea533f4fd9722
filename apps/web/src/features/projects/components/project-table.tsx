import type { ReactNode } from 'react';
import { FolderKanban } from 'lucide-react';
import { Link } from 'react-router';
import type { Project } from '@portal/contract/projects';
import type { PROJECT_ORDERING_FIELDS } from '@portal/contract/sorting';
import { SortHeader } from '../../../components/ui/sort-header';
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table';
import type { UrlOrdering } from '../../../lib/use-url-ordering';
import { formatDate } from '../lib/format';
import { EmptyState } from './states';
import { Completion, ProjectStatusBadge } from './status-badge';

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
  const header = (field: SortField, label: string, className?: string) =>
    sort ? (
      <SortHeader field={field} label={label} sort={sort} className={className} />
    ) : (
      <TableHeaderCell className={className}>{label}</TableHeaderCell>
    );
  const wide = sort !== undefined;
  const columns = 4 + (clientNames ? 1 : 0) + (wide ? 1 : 0);
  return (
    <Table aria-label="Projects">
      <TableHead>
        <tr>
          {header('name', 'Name')}
          {clientNames && header('client', 'Client', 'hidden md:table-cell')}
          <TableHeaderCell className="hidden sm:table-cell">Phase</TableHeaderCell>
          {header('status', 'Status')}
          <TableHeaderCell className="hidden sm:table-cell">Completion</TableHeaderCell>
          {wide && header('target_date', 'Target date', 'hidden lg:table-cell')}
        </tr>
      </TableHead>
      <TableBody>
        {projects.length === 0 ? (
          <TableEmpty colSpan={columns} className="py-4">
            {empty ?? (
              <EmptyState icon={FolderKanban} title="No projects yet">
                Projects are created from their client's page.
              </EmptyState>
            )}
          </TableEmpty>
        ) : (
          projects.map((project) => (
            <TableRow key={project.id}>
              <TableCell>
                <Link
                  to={`/projects/${project.slug}`}
                  className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {project.name}
                </Link>
                {/* Narrow screens fold Client, Phase and Completion under the name. */}
                <p className="mt-0.5 text-xs text-slate-600 sm:hidden">
                  {clientNames && `${clientNames.get(project.client) ?? ''} · `}
                  {project.phase || 'No phase'} · {project.percentage_complete}%
                </p>
              </TableCell>
              {clientNames && (
                <TableCell className="hidden md:table-cell">
                  {clientNames.get(project.client) ?? ''}
                </TableCell>
              )}
              <TableCell className="hidden whitespace-nowrap sm:table-cell">
                {project.phase || <span className="text-slate-500">None</span>}
              </TableCell>
              <TableCell>
                <ProjectStatusBadge status={project.status} />
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                <Completion value={project.percentage_complete} />
              </TableCell>
              {wide && (
                <TableCell className="hidden whitespace-nowrap lg:table-cell">
                  {formatDate(project.target_date) ?? <span className="text-slate-500">None</span>}
                </TableCell>
              )}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
};
