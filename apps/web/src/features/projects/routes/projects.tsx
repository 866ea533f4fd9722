import { useMemo, useState } from 'react';
import { FolderKanban, Plus } from 'lucide-react';
import { PROJECT_ORDERING_FIELDS } from '@portal/contract/sorting';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useSession } from '../../../lib/auth';
import { useUrlOrdering } from '../../../lib/use-url-ordering';
import { useClients } from '../../clients/api/clients';
import { useSortedProjects } from '../api/projects';
import { ProjectDrawer } from '../components/project-drawer';
import { ProjectTable } from '../components/project-table';
import { PageQuery } from '../components/query-states';
import { EmptyState } from '../components/states';

/** /projects: the studio's projects for staff, a client user's own for her (issue 25). */
export const ProjectsRoute = () => {
  const { isSuperuser } = useSession();
  return isSuperuser ? <StaffProjects /> : <ClientProjects />;
};

/**
 * Every project by name, with Phase, Status and Completion (spec §2), plus a Client column,
 * sortable headers kept in the URL and a Create button (issue 19).
 */
const StaffProjects = () => {
  const sort = useUrlOrdering(PROJECT_ORDERING_FIELDS);
  const projects = useSortedProjects(sort.ordering);
  const clients = useClients();
  const clientNames = useMemo(
    () => new Map((clients.data ?? []).map((client) => [client.id, client.name])),
    [clients.data],
  );
  const [creating, setCreating] = useState(false);
  return (
    <Page
      title="Projects"
      actions={
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden />
          Create Project
        </Button>
      }
    >
      <PageQuery query={projects} what="projects">
        {(list) => (
          <Card className="overflow-hidden" aria-busy={projects.isPlaceholderData || undefined}>
            <ProjectTable projects={list} clientNames={clientNames} sort={sort} />
          </Card>
        )}
      </PageQuery>
      <ProjectDrawer mode="create" open={creating} onOpenChange={setCreating} client={null} />
    </Page>
  );
};

/** Her client's projects (the API answers only those), sortable as staff's, without Create. */
const ClientProjects = () => {
  const sort = useUrlOrdering(PROJECT_ORDERING_FIELDS);
  const projects = useSortedProjects(sort.ordering);
  return (
    <Page title="Projects">
      <PageQuery query={projects} what="projects">
        {(list) => (
          <Card className="overflow-hidden" aria-busy={projects.isPlaceholderData || undefined}>
            <ProjectTable
              projects={list}
              sort={sort}
              empty={
                <EmptyState icon={FolderKanban} title="No projects yet">
                  The studio will add your projects here as work starts.
                </EmptyState>
              }
            />
          </Card>
        )}
      </PageQuery>
    </Page>
  );
};
