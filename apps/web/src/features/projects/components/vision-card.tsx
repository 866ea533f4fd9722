import { Target } from 'lucide-react';
import type { Project } from '@portal/contract/projects';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { EmptyState } from './states';

/** Vision and statement of work, line breaks kept (spec §2). */
export const VisionCard = ({ project, canEdit }: { project: Project; canEdit: boolean }) => {
  const blank = !project.vision.trim() && !project.statement_of_work.trim();
  return (
    <Card aria-labelledby="vision-title">
      <CardHeader title={<span id="vision-title">Vision</span>} />
      {blank ? (
        <EmptyState icon={Target} title="No vision yet">
          {canEdit
            ? "The vision and the statement of work are written in the project's Edit drawer."
            : 'The studio has not written down the vision for this project yet.'}
        </EmptyState>
      ) : (
        <CardBody className="flex flex-col gap-5 py-5">
          {project.vision.trim() && (
            <p className="text-[15px] leading-relaxed whitespace-pre-line text-slate-800">
              {project.vision}
            </p>
          )}
          {project.statement_of_work.trim() && (
            <div>
              <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                Statement of work
              </h3>
              <p className="mt-1.5 leading-relaxed whitespace-pre-line text-slate-700">
                {project.statement_of_work}
              </p>
            </div>
          )}
        </CardBody>
      )}
    </Card>
  );
};
