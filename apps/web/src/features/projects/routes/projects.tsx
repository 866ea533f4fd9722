import { useMemo, useState } from 'react';
import { Plus } from 'lucide-react';
import { PROJECT_ORDERING_FIELDS } from '@portal/contract/sorting';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useUrlOrdering } from '../../../lib/use-url-ordering';
import { useClients } from '../../clients/api/clients';
import { useSortedProjects } from '../api/projects';
import { ProjectDrawer } from '../components/project-drawer';
import { ProjectTable } from '../components/project-table';
import { PageQuery } from '../components/query-states';

/**
 * /projects: every project by name, with Phase, Status and Completion (staff only, spec §2),
 * plus a Client column, sortable headers kept in the URL and a Create button (issue 19).
 */
export const ProjectsRoute = () => {
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
