import { ChevronLeft } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn';

/** The way back from a run (the runner, the report) to the test plan of its milestone. */
export const PlanBackLink = ({
  milestone,
  className,
}: {
  milestone: number;
  className?: string;
}) => (
  <Link
    to={`/milestones/${milestone}`}
    className={cn(
      'inline-flex items-center gap-1 text-sm text-slate-500 underline-offset-4 hover:text-slate-900 hover:underline',
      className,
    )}
  >
    <ChevronLeft aria-hidden className="size-4" />
    Test plan
  </Link>
);
