import { useRef } from 'react';
import type { Lead } from '@portal/contract/leads';
import type { LEAD_ORDERING_FIELDS } from '@portal/contract/sorting';
import { SortHeader } from '../../../components/ui/sort-header';
import { cn } from '../../../components/ui/cn';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table';
import type { UrlOrdering } from '../../../lib/use-url-ordering';
import { leadName } from '../lib/format';
import { DateTime } from '../../../components/ui/date-time';
import { useElementWidth } from '../lib/use-element-width';
import { LeadStatusBadge } from './lead-status-badge';
import { textLink } from '../../../components/ui/text-link';

export type LeadsTableProps = {
  leads: Lead[];
  onOpen(lead: Lead): void;
  /** The rows are being replaced (another page or filter): dim them until the answer arrives. */
  stale?: boolean;
  /** Company, Status and Created sort the list (issue 19). */
  sort?: UrlOrdering<(typeof LEAD_ORDERING_FIELDS)[number]>;
};

/** The spec's columns; the sortable ones name their `?ordering=` field. */
const COLUMNS = [
  ['Name', null],
  ['Company', 'company'],
  ['Phone', null],
  ['Email', null],
  ['Status', 'status'],
  ['Created', 'created_at'],
] as const;

/** Below this width (of the list, not the window: the side navigation takes room) six columns do not fit. */
const TABLE_MIN_WIDTH = 760;

const NameButton = ({ lead, onOpen }: { lead: Lead; onOpen(lead: Lead): void }) => (
  <button
    type="button"
    onClick={() => onOpen(lead)}
    className={cn(textLink, 'max-w-full cursor-pointer truncate text-left')}
  >
    {leadName(lead)}
  </button>
);

/** A cell's text on one line, cut with an ellipsis; the whole text shows on hover. */
const Clipped = ({ children }: { children: string }) =>
  children ? (
    <span title={children} className="block truncate">
      {children}
    </span>
  ) : (
    <span aria-label="None" className="text-slate-400">
      —
    </span>
  );

/** Spec §2: Name, Company, Phone, Email, Status, Created; on a phone, one card per lead. */
export const LeadsTable = ({ leads, onOpen, stale = false, sort }: LeadsTableProps) => {
  const frame = useRef<HTMLDivElement>(null);
  const width = useElementWidth(frame);
  const dim = cn('transition-opacity', stale && 'opacity-60');

  return (
    <div ref={frame} aria-busy={stale || undefined}>
      {width === null ? null : width < TABLE_MIN_WIDTH ? (
        <ul aria-label="Leads" className={cn('divide-y divide-slate-100 text-sm', dim)}>
          {leads.map((lead) => (
            <li key={lead.id} className="flex flex-col gap-0.5 px-4 py-3">
              <div className="flex items-start justify-between gap-3">
                <NameButton lead={lead} onOpen={onOpen} />
                <LeadStatusBadge status={lead.status} />
              </div>
              {lead.company && <p className="truncate text-slate-700">{lead.company}</p>}
              <p className="truncate text-slate-500">{lead.email}</p>
              <p className="text-xs text-slate-500 tabular-nums">
                {lead.phone && <>{lead.phone} · </>}
                <DateTime value={lead.created_at} display="lead" />
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <Table aria-label="Leads" className={cn('table-fixed', dim)}>
          {/* Phone, status and time never need cutting; names, companies and emails share the rest. */}
          <colgroup>
            <col className="w-[16%]" />
            <col className="w-[17%]" />
            <col className="w-40" />
            <col />
            <col className="w-32" />
            <col className="w-44" />
          </colgroup>
          <TableHead>
            <tr>
              {COLUMNS.map(([label, field]) =>
                sort && field ? (
                  <SortHeader
                    key={label}
                    field={field}
                    label={label}
                    sort={sort}
                    className="px-3"
                  />
                ) : (
                  <TableHeaderCell key={label} className="px-3">
                    {label}
                  </TableHeaderCell>
                ),
              )}
            </tr>
          </TableHead>
          <TableBody>
            {leads.map((lead) => (
              <TableRow key={lead.id}>
                <TableCell className="px-3">
                  <NameButton lead={lead} onOpen={onOpen} />
                </TableCell>
                <TableCell className="px-3">
                  <Clipped>{lead.company}</Clipped>
                </TableCell>
                <TableCell className="px-3 whitespace-nowrap tabular-nums">
                  <Clipped>{lead.phone}</Clipped>
                </TableCell>
                <TableCell className="px-3">
                  <Clipped>{lead.email}</Clipped>
                </TableCell>
                <TableCell className="px-3">
                  <LeadStatusBadge status={lead.status} />
                </TableCell>
                <TableCell className="px-3 text-[13px] whitespace-nowrap text-slate-500 tabular-nums">
                  <DateTime value={lead.created_at} display="lead" />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
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
