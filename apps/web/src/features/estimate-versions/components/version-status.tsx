import type { EstimateVersion, EstimateVersionStatus } from '@portal/contract/estimate-versions';
import { Badge, type BadgeColor } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/format';

const LABELS: Record<EstimateVersionStatus, [string, BadgeColor]> = {
  sent: ['Waiting for approval', 'blue'],
  approved: ['Approved', 'green'],
  changes_requested: ['Changes requested', 'orange'],
  superseded: ['Superseded', 'grey'],
};

/** A version's status, or Draft for an estimate never sent. */
export const VersionStatusBadge = ({ status }: { status: EstimateVersionStatus | null }) => {
  const [label, color] = status ? LABELS[status] : ['Draft', 'grey' as const];
  return <Badge color={color}>{label}</Badge>;
};

/** A version's moments in the portal's one date-time format (issue 19). */
export const formatVersionTime = formatDateTime;

/** Who decided, and how: one sentence for the history and the outcome banner. */
export const decisionSummary = (version: EstimateVersion) => {
  if (!version.decided_at) return null;
  const who = version.decided_by?.name ?? 'A former client user';
  const when = formatVersionTime(version.decided_at);
  return version.status === 'approved'
    ? `Approved by ${who} on ${when}, signed “${version.signature_name ?? ''}”`
    : `Changes requested by ${who} on ${when}`;
};
