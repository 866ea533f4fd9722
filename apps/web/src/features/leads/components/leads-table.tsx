import type { Lead } from '@portal/contract/leads';
import { cn } from '../../../components/ui/cn';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table';
import { useMediaQuery } from '../../../lib/use-media-query';
import { formatLeadCreated, leadName } from '../lib/format';
import { LeadStatusBadge } from './lead-status-badge';

export type LeadsTableProps = {
  leads: Lead[];
  onOpen(lead: Lead): void;
  /** The rows are being replaced (another page or filter): dim them until the answer arrives. */
  stale?: boolean;
};

const WIDE = '(min-width: 768px)';

const NameButton = ({ lead, onOpen }: { lead: Lead; onOpen(lead: Lead): void }) => (
  <button
    type="button"
    onClick={() => onOpen(lead)}
    className="cursor-pointer rounded-sm text-left font-medium text-slate-900 decoration-brand-300 underline-offset-4 transition-colors hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
  >
    {leadName(lead)}
  </button>
);

const Muted = ({ children }: { children: string }) =>
  children ? <>{children}</> : <span className="text-slate-400">—</span>;

/** Spec §2: Name, Company, Phone, Email, Status, Created; on a phone, one card per lead. */
export const LeadsTable = ({ leads, onOpen, stale = false }: LeadsTableProps) => {
  const wide = useMediaQuery(WIDE);
  const dim = cn('transition-opacity', stale && 'opacity-60');

  if (!wide) {
    return (
      <ul aria-label="Leads" className={cn('divide-y divide-slate-100', dim)}>
        {leads.map((lead) => (
          <li key={lead.id} className="flex flex-col gap-1 px-4 py-3">
            <div className="flex items-start justify-between gap-3">
              <NameButton lead={lead} onOpen={onOpen} />
              <LeadStatusBadge status={lead.status} />
            </div>
            {lead.company && <p className="text-sm text-slate-700">{lead.company}</p>}
            <p className="truncate text-sm text-slate-500">
              {[lead.email, lead.phone].filter(Boolean).join(' · ')}
            </p>
            <p className="text-xs text-slate-400 tabular-nums">
              <time dateTime={lead.created_at}>{formatLeadCreated(lead.created_at)}</time>
            </p>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Table aria-label="Leads" aria-busy={stale || undefined} className={dim}>
      <TableHead>
        <tr>
          <TableHeaderCell>Name</TableHeaderCell>
          <TableHeaderCell>Company</TableHeaderCell>
          <TableHeaderCell>Phone</TableHeaderCell>
          <TableHeaderCell>Email</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Created</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {leads.map((lead) => (
          <TableRow key={lead.id}>
            <TableCell className="max-w-56">
              <NameButton lead={lead} onOpen={onOpen} />
            </TableCell>
            <TableCell className="max-w-56 truncate">
              <Muted>{lead.company}</Muted>
            </TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">
              <Muted>{lead.phone}</Muted>
            </TableCell>
            <TableCell className="max-w-64 truncate">{lead.email}</TableCell>
            <TableCell>
              <LeadStatusBadge status={lead.status} />
            </TableCell>
            <TableCell className="whitespace-nowrap text-slate-500 tabular-nums">
              <time dateTime={lead.created_at}>{formatLeadCreated(lead.created_at)}</time>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/** Placeholder rows while the first page loads, so the layout does not jump. */
export const LeadsTableSkeleton = ({ rows = 8 }: { rows?: number }) => (
  <div role="status" aria-label="Loading leads" className="divide-y divide-slate-100">
    {Array.from({ length: rows }, (_, index) => (
      <div key={index} aria-hidden className="flex animate-pulse items-center gap-6 px-5 py-4">
        <div className="h-3.5 w-36 rounded bg-slate-200" />
        <div className="hidden h-3.5 w-28 rounded bg-slate-100 sm:block" />
        <div className="hidden h-3.5 w-24 rounded bg-slate-100 md:block" />
        <div className="hidden h-3.5 w-44 rounded bg-slate-100 lg:block" />
        <div className="ml-auto h-5 w-16 rounded-full bg-slate-100" />
      </div>
    ))}
  </div>
);
