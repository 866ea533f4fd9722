import type { EstimateVersion, EstimateVersionStatus } from '@portal/contract/estimate-versions';
import { Badge, type BadgeColor } from '../../../components/ui/badge';
import { formatPrice } from '@portal/contract/estimates';
import { formatDate, formatDateTime } from '../../../lib/format';

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

/** What a version asks the client to sign for: "€12,345.00 (227.00 hours)", or the hours. */
export const versionAmount = ({ snapshot }: Pick<EstimateVersion, 'snapshot'>) =>
  snapshot.price
    ? `${formatPrice(snapshot.price.safe, snapshot.currency)} (${snapshot.total_hours_safe} hours)`
    : `${snapshot.total_hours_safe} hours`;

/** A version's moments in the portal's one date-time format (issue 19). */
export const formatVersionTime = formatDateTime;

/** The last day a version may be approved. */
export const formatValidUntil = (version: Pick<EstimateVersion, 'valid_until'>) =>
  formatDate(version.valid_until);

/** Who decided, and how: one sentence for the history and the outcome banner. */
export const decisionSummary = (version: EstimateVersion) => {
  if (!version.decided_at) return null;
  const who = version.decided_by?.name ?? 'A former client user';
  const when = formatVersionTime(version.decided_at);
  return version.status === 'approved'
    ? `Approved by ${who} on ${when}, signed “${version.signature_name ?? ''}”`
    : `Changes requested by ${who} on ${when}`;
};
