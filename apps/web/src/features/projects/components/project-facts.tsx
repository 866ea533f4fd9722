import type { ReactNode } from 'react';
import type { Project } from '@portal/contract/projects';
import { formatDate } from '../lib/format';
import { Completion, ProjectStatusBadge } from './status-badge';

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="flex min-w-0 flex-col gap-1.5 bg-white px-5 py-4">
    <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
    <dd className="flex min-h-6 items-center text-sm font-medium text-slate-900">{children}</dd>
  </div>
);

const Unset = ({ children }: { children: ReactNode }) => (
  <span className="font-normal text-slate-500">{children}</span>
);

/** Target Date, Status, Phase and Completion % at the top of the project (spec §2). */
export const ProjectFacts = ({ project }: { project: Project }) => (
  <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-lg border border-slate-200 bg-slate-200 shadow-sm lg:grid-cols-4">
    <Fact label="Target Date">{formatDate(project.target_date) ?? <Unset>Not set</Unset>}</Fact>
    <Fact label="Status">
      <ProjectStatusBadge status={project.status} />
    </Fact>
    <Fact label="Phase">
      {project.phase ? <span className="truncate">{project.phase}</span> : <Unset>None</Unset>}
    </Fact>
    <Fact label="Completion %">
      <Completion
        value={project.percentage_complete}
        className="w-full"
        barClassName="w-auto max-w-32 flex-1"
      />
    </Fact>
  </dl>
);
