import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  Download,
  Inbox,
  KanbanSquare,
  List,
  Plus,
  RotateCw,
  SearchX,
  TriangleAlert,
  Upload,
} from 'lucide-react';
import { LEAD_PAGE_SIZE, type Lead } from '@portal/contract/leads';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { Pagination } from '../../../components/ui/pagination';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { errorMessages, toastError } from '../../../lib/errors';
import { useLead, useLeads } from '../api/leads';
import { LEAD_ORDERING_FIELDS } from '@portal/contract/sorting';
import { useUrlOrdering } from '../../../lib/use-url-ordering';
import { downloadLeadsCsv } from '../api/pipeline';
import { ImportDialog } from '../components/import-dialog';
import { LeadDrawer } from '../components/lead-drawer';
import { drawerId, NEW, useDrawerParam } from '../../../lib/use-drawer-param';
import { useUpdateSearchParams } from '../../../lib/use-update-search-params';
import { useOpenSession } from '../../../lib/use-open-session';
import { LeadsBoard } from '../components/leads-board';
import { LeadsTable, LeadsTableSkeleton } from '../components/leads-table';
import { LeadsToolbar } from '../components/leads-toolbar';
import { isFiltered, nextLeadParams, readLeadQuery, type LeadQueryState } from '../lib/query-state';
import { useLeadsView, type LeadsView } from '../lib/use-leads-view';

/** A message to show once the page has reloaded after a create (spec §4: a full reload). */
const FLASH_KEY = 'leads:flash';

const useFlashMessage = () => {
  useEffect(() => {
    const message = sessionStorage.getItem(FLASH_KEY);
    if (!message) return;
    sessionStorage.removeItem(FLASH_KEY);
    toast.success(message);
  }, []);
};

const ListState = ({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) => (
  <div className="flex flex-col items-center px-6 py-16 text-center">
    <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500 [&_svg]:size-6">
      {icon}
    </div>
    <p className="text-base font-semibold text-slate-900">{title}</p>
    {children}
  </div>
);

const VIEWS: { value: LeadsView; label: string; icon: ReactNode }[] = [
  { value: 'list', label: 'List', icon: <List aria-hidden /> },
  { value: 'board', label: 'Board', icon: <KanbanSquare aria-hidden /> },
];

/** List or board: two toggle buttons, the pressed one is the view shown. */
const ViewToggle = ({ view, onChange }: { view: LeadsView; onChange(view: LeadsView): void }) => (
  <div
    role="group"
    aria-label="View"
    className="inline-flex rounded-md ring-1 ring-slate-300 ring-inset"
  >
    {VIEWS.map(({ value, label, icon }) => (
      <button
        key={value}
        type="button"
        aria-pressed={view === value}
        onClick={() => onChange(value)}
        className={cn(
          'inline-flex h-9 cursor-pointer items-center gap-1.5 px-3 text-sm font-medium text-slate-700 first:rounded-l-md last:rounded-r-md hover:bg-slate-50 focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-brand-500 [&_svg]:size-4',
          view === value && 'bg-slate-100 text-slate-900 shadow-inner',
        )}
      >
        {icon}
        {label}
      </button>
    ))}
  </div>
);

const LEAD_PARAM = 'lead';

/**
 * The lead drawer, opened through the URL (`?lead=12`, `?lead=new`; decision 0027): from a row
 * it shows that row's lead at once, from a link it loads the lead first.
 */
const useLeadDrawer = () => {
  const param = useDrawerParam(LEAD_PARAM);
  const [picked, setPicked] = useState<Lead | undefined>(undefined);
  const id = drawerId(param.value);
  const lead = useLead(id, picked?.id === id ? picked : undefined);
  const creating = param.value === NEW;
  const ready = creating || lead.data !== undefined;
  return {
    lead: creating ? undefined : lead.data,
    creating,
    open: param.isOpen && ready,
    session: useOpenSession(param.isOpen && ready),
    onOpenChange: param.onOpenChange,
    openLead: (chosen: Lead | null) => {
      setPicked(chosen ?? undefined);
      param.open(chosen ? chosen.id : NEW);
    },
  };
};

/** Spec §2 Leads (/leads, staff): search, status filter, the paged table and the lead drawer. */
export const LeadsRoute = () => {
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const query = readLeadQuery(params);
  const [view, setView] = useLeadsView();
  // The board asks for its columns itself; the page of the list is fetched only when shown.
  const sort = useUrlOrdering(LEAD_ORDERING_FIELDS);
  const leads = useLeads(query, view === 'list', sort.ordering);
  const drawer = useLeadDrawer();
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const listTop = useRef<HTMLElement>(null);
  useFlashMessage();

  const apply = (change: Partial<LeadQueryState>) =>
    updateParams((current) => nextLeadParams(current, change));
  const clearFilters = () => apply({ search: '', status: '' });
  const openDrawer = drawer.openLead;

  const onDeleted = () => {
    // The last row of a later page is gone: that page no longer exists. One navigation only:
    // closing the drawer (Back) and changing the page at once would race.
    if (query.page > 1 && leads.data?.results.length === 1)
      updateParams(
        (current) => {
          const next = nextLeadParams(current, { page: query.page - 1 });
          next.delete(LEAD_PARAM);
          return next;
        },
        { replace: true },
      );
    else drawer.onOpenChange(false);
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadLeadsCsv({ search: query.search, status: query.status });
    } catch (error) {
      toastError(error);
    } finally {
      setDownloading(false);
    }
  };

  let content;
  if (view === 'board') {
    content = <LeadsBoard search={query.search} status={query.status} onOpen={openDrawer} />;
  } else if (leads.isPending) {
    content = <LeadsTableSkeleton />;
  } else if (leads.isError) {
    const missingPage =
      leads.error instanceof ApiError && leads.error.status === 404 && query.page > 1;
    content = missingPage ? (
      <ListState icon={<SearchX aria-hidden />} title="This page does not exist">
        <p className="mt-1 text-sm text-slate-500">There are fewer leads than that now.</p>
        <Button variant="secondary" className="mt-5" onClick={() => apply({ page: 1 })}>
          Go to the first page
        </Button>
      </ListState>
    ) : (
      <ListState icon={<TriangleAlert aria-hidden />} title="The leads could not be loaded">
        <p role="alert" className="mt-1 text-sm text-slate-500">
          {errorMessages(leads.error).join(' ')}
        </p>
        <Button
          variant="secondary"
          className="mt-5"
          loading={leads.isFetching}
          onClick={() => void leads.refetch()}
        >
          <RotateCw aria-hidden />
          Try again
        </Button>
      </ListState>
    );
  } else if (leads.data.results.length === 0) {
    content = isFiltered(query) ? (
      <ListState icon={<SearchX aria-hidden />} title="No leads match your filters">
        <p className="mt-1 max-w-sm text-sm text-slate-500">
          {query.search
            ? `Nothing matches “${query.search}”${query.status ? ' with this status' : ''}.`
            : 'No lead has this status.'}{' '}
          Try another search or status.
        </p>
        <Button variant="secondary" className="mt-5" onClick={clearFilters}>
          Clear filters
        </Button>
      </ListState>
    ) : (
      <ListState icon={<Inbox aria-hidden />} title="No leads yet">
        <p className="mt-1 max-w-sm text-sm text-slate-500">
          Leads from the website form appear here, and you can add one by hand.
        </p>
        <Button className="mt-5" onClick={() => openDrawer(null)}>
          <Plus aria-hidden />
          Create Lead
        </Button>
      </ListState>
    );
  } else {
    content = (
      <LeadsTable
        leads={leads.data.results}
        onOpen={openDrawer}
        stale={leads.isPlaceholderData}
        sort={sort}
      />
    );
  }

  return (
    <Page
      title="Leads"
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <ViewToggle view={view} onChange={setView} />
          <Button variant="secondary" onClick={() => setImporting(true)}>
            <Upload aria-hidden />
            Import CSV
          </Button>
          <Button variant="secondary" loading={downloading} onClick={() => void download()}>
            <Download aria-hidden />
            Download CSV
          </Button>
          <Button onClick={() => openDrawer(null)}>
            <Plus aria-hidden />
            Create Lead
          </Button>
        </div>
      }
    >
      <Card ref={listTop} className="scroll-mt-20 overflow-hidden">
        <LeadsToolbar
          search={query.search}
          status={query.status}
          onSearch={(search) => apply({ search })}
          onStatus={(status) => apply({ status })}
        />
        {content}
        {view === 'list' && leads.data && (
          <div className="border-t border-slate-200 px-4 py-3 sm:px-5">
            <Pagination
              page={query.page}
              count={leads.data.count}
              pageSize={LEAD_PAGE_SIZE}
              onPageChange={(page) => {
                apply({ page });
                // Paging from the bottom of a long page: show the new page from its first row.
                const card = listTop.current;
                if (card && card.getBoundingClientRect().top < 0) card.scrollIntoView();
              }}
            />
          </div>
        )}
      </Card>
      <ImportDialog open={importing} onOpenChange={setImporting} />
      {drawer.session > 0 && (drawer.lead || drawer.creating) && (
        <LeadDrawer
          key={drawer.session}
          open={drawer.open}
          onOpenChange={drawer.onOpenChange}
          lead={drawer.lead ?? null}
          onCreated={() => {
            sessionStorage.setItem(FLASH_KEY, 'Lead created');
            // Reload without `?lead=new`, or the page would open the create drawer again.
            const url = new URL(window.location.href);
            url.searchParams.delete(LEAD_PARAM);
            window.location.replace(url.toString());
          }}
          onDeleted={onDeleted}
        />
      )}
    </Page>
  );
};
