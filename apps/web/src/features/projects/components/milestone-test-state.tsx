import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { MilestoneTestState } from '@portal/contract/test-runs';
import { Badge } from '../../../components/ui/badge';
import { textLink } from '../../../components/ui/text-link';
import { DateTime } from '../../../components/ui/date-time';

/** A run opens in the runner while in progress, as its report after. */
const runPath = (run: NonNullable<MilestoneTestState['run']>) =>
  run.status === 'in_progress' ? `/test-runs/${run.id}` : `/test-runs/${run.id}/report`;

/**
 * Where a milestone's acceptance testing stands (issue 25): no plan, not tested, a run in
 * progress or waiting for the client's sign-off (each a link to it), or who signed it off when.
 */
export const MilestoneTestStateLine = ({ state }: { state: MilestoneTestState | undefined }) => {
  if (!state) return null;
  const { run } = state;
  switch (state.state) {
    case 'no_plan':
      return <Badge color="grey">No test plan</Badge>;
    case 'not_started':
      return <Badge color="grey">Not tested yet</Badge>;
    case 'in_progress':
    case 'waiting_sign_off':
      return run ? (
        <span className="flex items-center gap-2">
          <Badge color={state.state === 'in_progress' ? 'yellow' : 'blue'}>
            {state.state === 'in_progress' ? 'Testing in progress' : 'Waiting for sign-off'}
          </Badge>
          <Link to={runPath(run)} className={`text-[13px] ${textLink}`}>
            {run.name}
          </Link>
        </span>
      ) : null;
    case 'signed_off':
      return (
        <span className="flex items-center gap-1.5 text-[13px] text-emerald-800">
          <BadgeCheck aria-hidden className="size-4 shrink-0" />
          <span>
            Signed off by <strong className="font-semibold">{run?.signature_name}</strong>
            {run?.signed_off_at && (
              <>
                {' '}
                on <DateTime value={run.signed_off_at} display="date" />
              </>
            )}
          </span>
        </span>
      );
  }
};
