import { FolderKanban, Pencil, Plus } from 'lucide-react';
import { useParams } from 'react-router';
import type { Client } from '@portal/contract/clients';
import { Page } from '../../../components/layout/page';
import { PageSpinner } from '../../../components/layout/page-spinner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { useSession } from '../../../lib/auth';
import { NEW, useDrawerParam } from '../../../lib/use-drawer-param';
import { usePageTitle } from '../../../lib/use-page-title';
import { useProjects } from '../../projects/api/projects';
import { ProjectDrawer } from '../../projects/components/project-drawer';
import { ProjectTable } from '../../projects/components/project-table';
import { SectionQuery } from '../../projects/components/query-states';
import { EmptyState, isNotFound, LoadError, NotFoundState } from '../../projects/components/states';
import { useClient } from '../api/clients';
import { ClientDrawer } from '../components/client-drawer';
import { ClientUsersCard } from '../components/client-users-card';
import { ActivityCard } from '../../activity/components/activity-card';

/** /clients/{slug}: the client, its users and its projects (staff only, spec §2). */
export const ClientRoute = () => {
  const { clientSlug = '' } = useParams();
  const client = useClient(clientSlug);

  if (client.isPending) return <LoadingClient />;
  if (client.isError)
    return isNotFound(client.error) ? (
      <Page title="Client not found">
        <NotFoundState
          title="This client could not be found"
          message="It may have been deleted, or the address is mistyped."
          backTo="/clients"
          backLabel="Back to clients"
        />
      </Page>
    ) : (
      <Page title="Client">
        <LoadError what="the client" error={client.error} onRetry={() => void client.refetch()} />
      </Page>
    );
  return <ClientScreen client={client.data} />;
};

const LoadingClient = () => {
  usePageTitle('Client');
  return <PageSpinner label="Loading client" />;
};

const ClientScreen = ({ client }: { client: Client }) => {
  const { isSuperuser } = useSession();
  const editing = useDrawerParam('edit');
  return (
    <Page
      title={client.name}
      actions={
        isSuperuser && (
          <Button
            variant="secondary"
            aria-label="Edit client"
            onClick={() => editing.open('client')}
          >
            <Pencil aria-hidden />
            Edit
          </Button>
        )
      }
    >
      {client.is_internal && (
        <div className="-mt-4 mb-5">
          <Badge color="violet">Internal</Badge>
        </div>
      )}
      <div className="flex flex-col gap-6 text-sm">
        <ClientUsersCard client={client} />
        <ClientProjectsCard client={client} canCreate={isSuperuser} />
        <ActivityCard filters={{ client: client.id }} />
      </div>
      <ClientDrawer open={editing.isOpen} onOpenChange={editing.onOpenChange} client={client} />
    </Page>
  );
};

const ClientProjectsCard = ({ client, canCreate }: { client: Client; canCreate: boolean }) => {
  const projects = useProjects(client.slug);
  const creating = useDrawerParam('project');
  return (
    <Card aria-labelledby="client-projects-title" className="overflow-hidden">
      <CardHeader
        title={<span id="client-projects-title">Projects</span>}
        actions={
          canCreate && (
            <Button variant="secondary" size="sm" onClick={() => creating.open(NEW)}>
              <Plus aria-hidden />
              Create Project
            </Button>
          )
        }
      />
      <SectionQuery query={projects} what="projects">
        {(list) => (
          <ProjectTable
            projects={list}
            empty={
              <EmptyState icon={FolderKanban} title={`${client.name} has no projects yet`}>
                {canCreate ? 'Create the first one to track its phases and milestones.' : undefined}
              </EmptyState>
            }
          />
        )}
      </SectionQuery>
      {canCreate && (
        <ProjectDrawer
          mode="create"
          open={creating.isOpen}
          onOpenChange={creating.onOpenChange}
          client={{ id: client.id, slug: client.slug }}
        />
      )}
    </Card>
  );
};
