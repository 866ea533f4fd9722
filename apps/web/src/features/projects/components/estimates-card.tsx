import { Calculator, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardHeader } from '../../../components/ui/card';
import { useProjectEstimates } from '../api/estimates';
import { SectionQuery } from './section-states';
import { EmptyState } from './states';

/** The project's estimates, each linking to /estimates/{id} (spec §2). */
export const EstimatesCard = ({ projectId }: { projectId: number }) => {
  const estimates = useProjectEstimates(projectId);
  return (
    <Card aria-labelledby="estimates-title">
      <CardHeader title={<span id="estimates-title">Estimates</span>} />
      <SectionQuery query={estimates} what="estimates">
        {(list) =>
          list.length === 0 ? (
            <EmptyState icon={Calculator} title="No estimates yet">
              Estimates for this project will be listed here.
            </EmptyState>
          ) : (
            <ul aria-label="Estimates" className="divide-y divide-slate-100 py-1">
              {list.map((estimate) => (
                <li key={estimate.id}>
                  <Link
                    to={`/estimates/${estimate.id}`}
                    className="group flex items-center gap-3 px-5 py-2.5 text-slate-800 hover:bg-slate-50"
                  >
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="truncate font-medium group-hover:text-brand-700">
                        {estimate.name}
                      </span>
                      {estimate.description && (
                        <span className="truncate text-xs text-slate-500">
                          {estimate.description}
                        </span>
                      )}
                    </span>
                    <ChevronRight aria-hidden className="size-4 text-slate-400" />
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </SectionQuery>
    </Card>
  );
};
