import type { Lead } from '@portal/contract/leads';
import { DataTable } from '../../../components/ui/data-table';
import { DrawerSection } from './drawer-section';

/** What the visitor wrote, with their line breaks. */
export const LeadMessage = ({ message }: { message: string }) => (
  <DrawerSection title="Message">
    {message.trim() ? (
      <p className="rounded-md bg-slate-50 px-3.5 py-3 leading-relaxed break-words whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200 ring-inset">
        {message}
      </p>
    ) : (
      <p className="text-slate-500">No message.</p>
    )}
  </DrawerSection>
);

/** Spec §2: the query parameters of the page the lead came from (UTM tags and the like). */
export const LeadMetadata = ({ metadata }: { metadata: Lead['metadata'] }) => {
  // The database keeps no order for the keys; alphabetical puts utm_* tags side by side.
  const entries = Object.entries(metadata).sort(([a], [b]) => a.localeCompare(b));
  return (
    <DrawerSection title="Metadata">
      <div className="overflow-hidden rounded-md border border-slate-200">
        <DataTable
          aria-label="Metadata"
          className="table-fixed"
          rows={entries}
          rowKey={([key]) => key}
          emptyClassName="py-6"
          empty="No metadata."
          columns={[
            {
              header: 'Key',
              headerClassName: 'w-2/5',
              cellClassName: 'py-2 font-mono text-xs break-all text-slate-600',
              cell: ([key]) => key,
            },
            {
              header: 'Value',
              cellClassName: 'py-2 break-all text-slate-800',
              cell: ([, value]) => value,
            },
          ]}
        />
      </div>
    </DrawerSection>
  );
};
