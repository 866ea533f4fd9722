import type { EstimateVersion, EstimateVersionStatus } from '@portal/contract/estimate-versions';
import { Badge, type BadgeColor } from '../../../components/ui/badge';
import type { Clock } from '../../../lib/clock';

const LABELS: Record<EstimateVersionStatus, [string, BadgeColor]> = {
  sent: ['Waiting for approval', 'blue'],
  approved: ['Approved', 'green'],
  changes_requested: ['Changes requested', 'orange'],
  superseded: ['Superseded', 'grey'],
};

/**
 * A version's status, or Draft for an estimate never sent; a version still waiting past its
 * validity (`expired`) reads Expired: it can no longer be approved (issue 25).
 */
export const VersionStatusBadge = ({
  status,
  expired = false,
}: {
  status: EstimateVersionStatus | null;
  expired?: boolean;
}) => {
  const [label, color] =
    status === 'sent' && expired
      ? ['Expired', 'grey' as const]
      : status
        ? LABELS[status]
        : ['Draft', 'grey' as const];
  return <Badge color={color}>{label}</Badge>;
};

/** The last day a version may be approved, on the reader's clock. */
export const formatValidUntil = (version: Pick<EstimateVersion, 'valid_until'>, clock: Clock) =>
  clock.format(version.valid_until, 'date');

/**
 * Who decided, and how: one sentence for the history and the outcome banner. A decision is a
 * record people cite, so its moment is exact, not "3 hours ago".
 */
export const decisionSummary = (version: EstimateVersion, clock: Clock) => {
  if (!version.decided_at) return null;
  const who = version.decided_by?.name ?? 'A former client user';
  const when = clock.format(version.decided_at);
  return version.status === 'approved'
    ? `Approved by ${who} on ${when}, signed “${version.signature_name ?? ''}”`
    : `Changes requested by ${who} on ${when}`;
};
