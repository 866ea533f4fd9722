import { Page } from '../../../components/layout/page';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useProjects } from '../api/projects';
import { ProjectTable } from '../components/project-table';
import { LoadError } from '../components/states';

/** /projects: every project by name, with Phase, Status and Completion (staff only, spec §2). */
export const ProjectsRoute = () => {
  const projects = useProjects();
  return (
    <Page title="Projects" wide>
      {projects.isPending ? (
        <Card className="flex justify-center py-16">
          <Spinner label="Loading projects" />
        </Card>
      ) : projects.isError ? (
        <LoadError
          what="the projects"
          error={projects.error}
          onRetry={() => void projects.refetch()}
        />
      ) : (
        <Card className="overflow-hidden">
          <ProjectTable projects={projects.data} />
        </Card>
      )}
    </Page>
  );
};
