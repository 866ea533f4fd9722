import { Building2, Pencil } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { Project } from '@portal/contract/projects';
import { Page } from '../../../components/layout/page';
import { PageSpinner } from '../../../components/layout/page-spinner';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/auth';
import { useDrawerParam } from '../../../lib/use-drawer-param';
import { usePageTitle } from '../../../lib/use-page-title';
import { useClients } from '../../clients/api/clients';
import { ProjectEstimates } from '../../estimates/components/project-estimates';
import { useProject } from '../api/projects';
import { LinksCard } from '../components/links-card';
import { MilestonesCard } from '../components/milestones-card';
import { NotesCard } from '../components/notes-card';
import { PhasesCard } from '../components/phases-card';
import { ProjectDrawer } from '../components/project-drawer';
import { ProjectFacts } from '../components/project-facts';
import { isNotFound, LoadError, NotFoundState } from '../components/states';
import { VisionCard } from '../components/vision-card';
import { ActivityCard } from '../../activity/components/activity-card';

/** /projects/{slug}: everyone linked to the project's client reads it; staff edit (spec §2, §6). */
export const ProjectRoute = () => {
  const { projectSlug = '' } = useParams();
  const { isSuperuser } = useSession();
  const project = useProject(projectSlug);

  if (project.isPending) return <LoadingProject />;
  if (project.isError)
    return isNotFound(project.error) ? (
      <Page title="Project not found">
        <NotFoundState
          title="This project could not be found"
          message="It may have been deleted, or it belongs to a client you do not follow."
          backTo={isSuperuser ? '/projects' : '/'}
          backLabel={isSuperuser ? 'Back to projects' : 'Go home'}
        />
      </Page>
    ) : (
      <Page title="Project">
        <LoadError
          what="the project"
          error={project.error}
          onRetry={() => void project.refetch()}
        />
      </Page>
    );
  return <ProjectScreen project={project.data} canEdit={isSuperuser} />;
};

const LoadingProject = () => {
  usePageTitle('Project');
  return <PageSpinner label="Loading project" />;
};

const ClientLink = ({ clientId }: { clientId: number }) => {
  const clients = useClients();
  const client = clients.data?.find((candidate) => candidate.id === clientId);
  if (!client) return null;
  return (
    <Link
      to={`/clients/${client.slug}`}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-500 hover:text-brand-700"
    >
      <Building2 aria-hidden className="size-4" />
      {client.name}
    </Link>
  );
};

const ProjectScreen = ({ project, canEdit }: { project: Project; canEdit: boolean }) => {
  const editing = useDrawerParam('edit');
  return (
    <Page
      title={project.name}
      actions={
        canEdit && (
          <Button
            variant="secondary"
            aria-label="Edit project"
            onClick={() => editing.open('project')}
          >
            <Pencil aria-hidden />
            Edit
          </Button>
        )
      }
    >
      {/* Staff may follow the project back to its client; members have no client screen. */}
      {canEdit && (
        <div className="-mt-4 mb-5 min-h-5">
          <ClientLink clientId={project.client} />
        </div>
      )}
      <ProjectFacts project={project} />
      <div className="mt-6 grid items-start gap-6 text-sm lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <VisionCard project={project} canEdit={canEdit} />
          <MilestonesCard projectId={project.id} canEdit={canEdit} />
          <NotesCard projectId={project.id} canEdit={canEdit} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <PhasesCard projectId={project.id} canEdit={canEdit} />
          <ProjectEstimates project={project} />
          <LinksCard project={project} canEdit={canEdit} />
          <ActivityCard filters={{ project: project.id }} />
        </div>
      </div>
      {canEdit && (
        <ProjectDrawer
          mode="update"
          open={editing.isOpen}
          onOpenChange={editing.onOpenChange}
          project={project}
        />
      )}
    </Page>
  );
};
