import type { ReactNode } from 'react';
import { FolderKanban } from 'lucide-react';
import { Link } from 'react-router';
import type { Project } from '@portal/contract/projects';
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table';
import { EmptyState } from './states';
import { Completion, ProjectStatusBadge } from './status-badge';

/** Projects with Name (link), Phase, Status and Completion, in the order given (spec §2). */
export const ProjectTable = ({
  projects,
  empty,
}: {
  projects: readonly Project[];
  /** What an empty table says; by default that projects are created from a client. */
  empty?: ReactNode;
}) => (
  <Table aria-label="Projects">
    <TableHead>
      <tr>
        <TableHeaderCell>Name</TableHeaderCell>
        <TableHeaderCell className="hidden sm:table-cell">Phase</TableHeaderCell>
        <TableHeaderCell>Status</TableHeaderCell>
        <TableHeaderCell className="hidden sm:table-cell">Completion</TableHeaderCell>
      </tr>
    </TableHead>
    <TableBody>
      {projects.length === 0 ? (
        <TableEmpty colSpan={4} className="py-4">
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
              {/* Narrow screens fold Phase and Completion under the name. */}
              <p className="mt-0.5 text-xs text-slate-500 sm:hidden">
                {project.phase || 'No phase'} · {project.percentage_complete}%
              </p>
            </TableCell>
            <TableCell className="hidden whitespace-nowrap sm:table-cell">
              {project.phase || <span className="text-slate-500">None</span>}
            </TableCell>
            <TableCell>
              <ProjectStatusBadge status={project.status} />
            </TableCell>
            <TableCell className="hidden sm:table-cell">
              <Completion value={project.percentage_complete} />
            </TableCell>
          </TableRow>
        ))
      )}
    </TableBody>
  </Table>
);
