import { Search, X } from 'lucide-react';
import {
  isLeadStatus,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadStatus,
} from '@portal/contract/leads';
import { Input } from '../../../components/ui/input';
import { useDebouncedSearch } from '../lib/use-debounced-search';
import { NativeSelect } from '../../../components/ui/native-select';

export type LeadsToolbarProps = {
  search: string;
  status: LeadStatus | '';
  onSearch(search: string): void;
  onStatus(status: LeadStatus | ''): void;
};

/** The search box (debounced, spec §9) and the status filter above the lead table. */
export const LeadsToolbar = ({ search, status, onSearch, onStatus }: LeadsToolbarProps) => {
  const box = useDebouncedSearch(search, onSearch);
  return (
    <div className="flex flex-col gap-3 border-b border-slate-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5">
      <div role="search" className="relative w-full sm:max-w-sm">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <Input
          type="search"
          aria-label="Search leads"
          placeholder="Search name, email, company…"
          autoComplete="off"
          spellCheck={false}
          value={box.text}
          onChange={(event) => box.setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') box.flush();
            if (event.key === 'Escape' && box.text) {
              // Escape clears the box instead of closing whatever the page sits in.
              event.preventDefault();
              box.clear();
            }
          }}
          className="pr-9 pl-9 [&::-webkit-search-cancel-button]:appearance-none"
        />
        {box.text && (
          <button
            type="button"
            aria-label="Clear search"
            title="Clear search"
            onClick={box.clear}
            className="absolute top-1/2 right-1.5 inline-flex size-6 -translate-y-1/2 cursor-pointer items-center justify-center rounded text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <X aria-hidden className="size-4" />
          </button>
        )}
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor="lead-status-filter" className="text-sm font-medium text-slate-600">
          Status
        </label>
        <NativeSelect
          id="lead-status-filter"
          value={status}
          onChange={(event) => {
            const value = event.target.value;
            onStatus(isLeadStatus(value) ? value : '');
          }}
          className="flex-1 sm:w-44 sm:flex-none"
        >
          <option value="">All</option>
          {LEAD_STATUSES.map((value) => (
            <option key={value} value={value}>
              {LEAD_STATUS_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
};
