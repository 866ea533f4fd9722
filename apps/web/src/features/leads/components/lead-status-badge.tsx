import { leadStatusBadge } from '@portal/contract/leads';
import { Badge } from '../../../components/ui/badge';

/** Spec §4: each status in its colour; one this app does not know shown as-is in grey. */
export const LeadStatusBadge = ({ status }: { status: string }) => {
  const { label, color } = leadStatusBadge(status);
  return <Badge color={color}>{label}</Badge>;
};
