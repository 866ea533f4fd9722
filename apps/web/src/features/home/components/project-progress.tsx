import type { HomeProject } from '@portal/contract/home';
import { FolderKanban } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../projects/components/states';
import { Completion, ProjectStatusBadge } from '../../projects/components/status-badge';
import { textLink } from '../../../components/ui/text-link';

const MilestoneProgress = ({ project }: { project: HomeProject }) => {
  const { milestones, milestones_signed_off: done } = project;
  if (milestones === 0) return <p className="text-sm text-slate-600">No milestones yet</p>;
  return (
    <div className="flex items-center gap-2.5">
      <progress
        className="h-1.5 w-24 overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-emerald-600"
        max={milestones}
        value={done}
        aria-label={`${project.name}: ${done} of ${milestones} milestones signed off`}
      />
      <span className="text-sm text-slate-700">
        {done} of {milestones} milestones signed off
      </span>
    </div>
  );
};

/** A client user's projects, each with its status, completion and milestone progress. */
export const ProjectProgress = ({ projects }: { projects: readonly HomeProject[] }) => (
  <Card aria-labelledby="home-projects">
    <CardHeader title={<span id="home-projects">Your projects</span>} />
    {projects.length === 0 ? (
      <EmptyState icon={FolderKanban} title="No projects yet">
        Projects the studio runs for you will appear here.
      </EmptyState>
    ) : (
      <ul className="divide-y divide-slate-100">
        {projects.map((project) => (
          <li
            key={project.id}
            className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 px-5 py-3.5"
          >
            <div className="min-w-0">
              <Link to={`/projects/${project.slug}`} className={textLink}>
                {project.name}
              </Link>
              <p className="text-sm text-slate-600">{project.client}</p>
            </div>
            <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
              <MilestoneProgress project={project} />
              <Completion value={project.percentage_complete} />
              <ProjectStatusBadge status={project.status} />
            </div>
          </li>
        ))}
      </ul>
    )}
  </Card>
);
