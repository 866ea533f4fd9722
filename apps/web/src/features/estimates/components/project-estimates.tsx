import { useState } from 'react';
import { Link } from 'react-router';
import { FileText, Pencil, Plus } from 'lucide-react';
import type { Estimate } from '@portal/contract/estimates';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { Tooltip } from '../../../components/ui/tooltip';
import { useSession } from '../../../lib/auth';
import { useEstimates } from '../api/estimates';
import { EstimateDrawer } from './estimate-drawer';
import { EmptyState, LoadError } from './states';

export type ProjectEstimatesProps = {
  project: { id: number; name: string };
  className?: string;
};

type DrawerState = { open: boolean; estimate: Estimate | null; session: number };

/**
 * The Estimates section of the project screen (spec §2 Projects): the project's estimates, each
 * linking to /estimates/{id}, and for staff the estimate create/update drawer with the project
 * fixed. A created estimate joins the list at once.
 */
export const ProjectEstimates = ({ project, className }: ProjectEstimatesProps) => {
  const { isSuperuser } = useSession();
  const estimates = useEstimates(project.id);
  const [drawer, setDrawer] = useState<DrawerState>({ open: false, estimate: null, session: 0 });
  const openDrawer = (estimate: Estimate | null) =>
    setDrawer((state) => ({ open: true, estimate, session: state.session + 1 }));

  const createButton = isSuperuser && (
    <Button variant="secondary" size="sm" onClick={() => openDrawer(null)}>
      <Plus aria-hidden />
      Create Estimate
    </Button>
  );

  let body;
  if (estimates.isPending) {
    body = <Spinner size="sm" label="Loading estimates" className="px-5 py-4" />;
  } else if (estimates.isError) {
    body = (
      <LoadError
        what="the estimates"
        error={estimates.error}
        onRetry={() => void estimates.refetch()}
        retrying={estimates.isFetching}
        className="py-8"
      />
    );
  } else if (estimates.data.length === 0) {
    body = (
      <EmptyState icon={<FileText aria-hidden />} title="No estimates yet" className="py-8">
        {isSuperuser
          ? 'Estimates for this project will be listed here.'
          : 'Estimates the studio shares for this project will appear here.'}
      </EmptyState>
    );
  } else {
    body = (
      <ul aria-label="Estimates" className="divide-y divide-slate-100">
        {estimates.data.map((estimate) => (
          <li key={estimate.id} className="group flex items-center gap-2 pr-3 hover:bg-slate-50/70">
            <Link
              to={`/estimates/${estimate.id}`}
              className="flex min-w-0 flex-1 items-start gap-3 py-2.5 pl-5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
            >
              <FileText aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-400" />
              <span className="min-w-0 flex-1">
                <span className="line-clamp-2 font-medium break-words text-brand-700 group-hover:text-brand-800">
                  {estimate.name}
                </span>
                {estimate.description && (
                  <span className="block truncate text-xs text-slate-500">
                    {estimate.description}
                  </span>
                )}
              </span>
            </Link>
            {isSuperuser && (
              <Tooltip content="Edit estimate">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Edit estimate ${estimate.name}`}
                  onClick={() => openDrawer(estimate)}
                  className="size-8 text-slate-400 hover:text-slate-700"
                >
                  <Pencil aria-hidden />
                </Button>
              </Tooltip>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card aria-label="Estimates" className={className}>
      <CardHeader title="Estimates" actions={createButton || undefined} />
      {body}
      {drawer.session > 0 && (
        <EstimateDrawer
          key={drawer.session}
          open={drawer.open}
          onOpenChange={(open) => setDrawer((state) => ({ ...state, open }))}
          estimate={drawer.estimate}
          project={project}
        />
      )}
    </Card>
  );
};
