import { InPageLink } from '../../../components/layout/in-page-link';
import { PageFrame } from '../../../components/layout/page';
import { useCallback, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ChevronLeft, LayoutList, Pencil, Plus, Printer } from 'lucide-react';
import type { EstimateDetail, EstimateSection } from '@portal/contract/estimates';
import { PageSpinner } from '../../../components/layout/page-spinner';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { textLink } from '../../../components/ui/text-link';
import { DeletionMessage } from '../../../components/forms/resource-form';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useSession } from '../../../lib/auth';
import { toastError } from '../../../lib/errors';
import { countGoesToo } from '../../../lib/goes-too';
import { parseId } from '../../../lib/parse-id';
import { drawerId, NEW, useDrawerParam, useRecordDrawer } from '../../../lib/use-drawer-param';
import { useOpenSession } from '../../../lib/use-open-session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useClientVersion, VersionsPanel } from '../../estimate-versions/components/versions-panel';
import { useEstimate } from '../api/estimates';
import { useEstimateMoves } from '../api/moves';
import { useDeleteSection } from '../api/sections';
import { EstimateBoard } from '../components/estimate-board';
import { EstimateDrawer } from '../components/estimate-drawer';
import { EstimateOverview } from '../components/estimate-overview';
import { EstimatePrice } from '../components/estimate-price';
import { EstimateTotal } from '../components/estimate-total';
import { ItemDrawer } from '../components/item-drawer';
import type { SectionActions } from '../components/section-card';
import { SectionDialog } from '../components/section-dialog';
import { EmptyState, EstimateNotFound, isNotFound, LoadError } from '../components/states';
import '../print.css';
import { ActivityCard } from '../../activity/components/activity-card';

/**
 * A section's deletion asks first; the drawers and dialogs that edit live in the URL. The
 * overlay stays while its closing animation plays.
 */
type Overlay = { kind: 'delete-section'; section: EstimateSection };

type OverlayState = { overlay: Overlay | null; open: boolean };

const breadcrumbLink =
  'rounded-sm hover:text-slate-900 hover:underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

const Header = ({
  estimate,
  isSuperuser,
  onEdit,
}: {
  estimate: EstimateDetail;
  isSuperuser: boolean;
  onEdit(): void;
}) => {
  const { project } = estimate;
  return (
    <header className="mb-6 print:mb-8">
      <Link
        to="/estimates"
        className={cn(
          breadcrumbLink,
          'mb-3 inline-flex items-center gap-1 text-sm text-slate-500 print:hidden',
        )}
      >
        <ChevronLeft aria-hidden className="size-4" />
        Estimates
      </Link>
      <p className="mb-1 hidden text-xs font-semibold tracking-[0.14em] text-slate-500 uppercase print:block">
        Estimate
      </p>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-pretty break-words text-slate-900 print:text-3xl">
            {estimate.name}
          </h1>
          <p className="mt-1 text-sm text-slate-500 print:text-slate-700">
            {/* Client pages are staff screens (spec §2). */}
            {isSuperuser ? (
              <Link to={`/clients/${project.client.slug}`} className={breadcrumbLink}>
                {project.client.name}
              </Link>
            ) : (
              project.client.name
            )}
            <span aria-hidden className="mx-1.5 text-slate-300">
              ·
            </span>
            <Link to={`/projects/${project.slug}`} className={breadcrumbLink}>
              {project.name}
            </Link>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 print:hidden">
          <Button variant="secondary" onClick={() => window.print()}>
            <Printer aria-hidden />
            Print
          </Button>
          {isSuperuser && (
            <Button variant="secondary" onClick={onEdit}>
              <Pencil aria-hidden />
              Edit
            </Button>
          )}
        </div>
      </div>
    </header>
  );
};

/** A part the estimate's index leads to: it takes the focus (no ring), below the top bar. */
const part = 'scroll-mt-20 focus:outline-none';

/**
 * "Jump to" Sections, Total, Price, Activity (issue 26): an estimate's total was 63 Tab stops
 * from the top, past every section's controls. Each link moves the focus into its part.
 */
const EstimateIndex = ({ parts }: { parts: (readonly [id: string, label: string])[] }) => (
  <nav
    aria-label="On this estimate"
    className="-mt-2 mb-6 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm print:hidden"
  >
    <span className="text-slate-500">Jump to</span>
    {parts.map(([id, label]) => (
      <InPageLink key={id} to={id} className={textLink}>
        {label}
      </InPageLink>
    ))}
  </nav>
);

/**
 * The item drawer's item and section, from the URL (`?item=12`, or `?item=new-3` for a new
 * item in section 3). It follows the item as it changes (a comment, an edit, a move into
 * another section), and keeps showing it while the drawer closes after a delete.
 */
const useItemDrawer = (estimate: EstimateDetail, value: string | null) => {
  const id = drawerId(value);
  const newIn = new RegExp(`^${NEW}-(\\d+)$`).exec(value ?? '')?.[1];
  const section =
    id !== null
      ? estimate.sections.find((candidate) => candidate.items.some((item) => item.id === id))
      : estimate.sections.find((candidate) => candidate.id === Number(newIn));
  const item =
    id !== null ? (section?.items.find((candidate) => candidate.id === id) ?? null) : null;
  const found = section ? { section, item } : null;
  const [shown, setShown] = useState(found);
  // Adjusting state while rendering: React re-renders before committing.
  if (found && (found.section !== shown?.section || found.item !== shown.item)) setShown(found);
  // `named`: the URL names it now (a link to an item that is gone opens nothing).
  return { shown: found ?? shown, named: found !== null };
};

/**
 * What the viewer reads: staff the working copy; a client user the newest version sent to her,
 * as it was sent (issue 25), and nothing until the versions are known. Staff wait for them too
 * (asked for beside the estimate as the route is matched): the Versions card above the overview
 * then shows at its size at once instead of pushing the page down when they come (CLS 0.136 on
 * a phone, decision 0055). If they fail, staff still get the estimate, and the card its error.
 */
const EstimateForViewer = ({ workingCopy }: { workingCopy: EstimateDetail }) => {
  const { isSuperuser } = useSession();
  const { version, pending, failed, retry } = useClientVersion(workingCopy.id, !isSuperuser);
  if (failed)
    return (
      <PageFrame>
        <LoadError what="the estimate's versions" error={null} onRetry={retry} retrying={false} />
      </PageFrame>
    );
  if (version === undefined || pending) return <PageSpinner label="Loading the estimate" />;
  return <EstimateScreen estimate={version?.snapshot ?? workingCopy} workingCopy={workingCopy} />;
};

const EstimateScreen = ({
  estimate,
  workingCopy,
}: {
  /** What is shown: the working copy, or for a client the version she reads. */
  estimate: EstimateDetail;
  workingCopy: EstimateDetail;
}) => {
  const { isSuperuser } = useSession();
  const canEdit = isSuperuser;
  const { moveSection, moveItem } = useEstimateMoves(estimate.id);
  const deleteSection = useDeleteSection(estimate.id);
  const [state, setState] = useState<OverlayState>({ overlay: null, open: false });
  const { open: openItem, ...itemParam } = useDrawerParam('item');
  // `?edit=estimate` and `?section=3` (or `new`): a link opens them, Back closes them.
  const { open: openEdit, ...editParam } = useDrawerParam('edit');
  const sectionDrawer = useRecordDrawer('section', estimate.sections);
  // Only staff edit: a link with them opens nothing for a client user.
  const editing = canEdit && editParam.isOpen && editParam.value === 'estimate';
  const editSession = useOpenSession(editing);
  const sectionOpen = canEdit && sectionDrawer.open;
  const sectionSession = useOpenSession(sectionOpen);

  const open = useCallback((overlay: Overlay) => setState({ overlay, open: true }), []);
  // Stable, so the board's sections and rows skip re-rendering when only this screen changes.
  const actions = useMemo<SectionActions>(
    () => ({
      onOpenItem: (item) => openItem(item.id),
      onCreateItem: (section) => openItem(`${NEW}-${section.id}`),
      onEditSection: sectionDrawer.openRecord,
      onDeleteSection: (section) => open({ kind: 'delete-section', section }),
    }),
    [open, openItem, sectionDrawer.openRecord],
  );
  const setOpen = (next: boolean) => setState((current) => ({ ...current, open: next }));
  const overlay = state.overlay;

  const itemDrawer = useItemDrawer(estimate, itemParam.value);
  const itemSession = useOpenSession(itemParam.isOpen);
  const onDeleteSection = () => {
    if (overlay?.kind !== 'delete-section') return;
    deleteSection.mutate(overlay.section.id, {
      onSuccess: () => {
        setOpen(false);
        toast.success('Section deleted');
      },
      onError: (error) => {
        setOpen(false);
        toastError(error);
      },
    });
  };

  const createSection = canEdit && (
    <Button onClick={sectionDrawer.openNew}>
      <Plus aria-hidden />
      Create Section
    </Button>
  );

  return (
    <PageFrame as="article" className="estimate-document print:max-w-none print:p-0">
      <Header estimate={estimate} isSuperuser={isSuperuser} onEdit={() => openEdit('estimate')} />
      <EstimateIndex
        parts={[
          ['part-sections', `Sections (${estimate.sections.length})`],
          ['part-total', 'Total'],
          ...(canEdit || estimate.price ? [['part-price', 'Price'] as const] : []),
          ['part-activity', 'Activity'],
        ]}
      />
      <div className="flex flex-col gap-6 print:gap-8">
        <VersionsPanel estimate={workingCopy} />
        <EstimateOverview estimate={estimate} canEdit={canEdit} />

        <div id="part-sections" tabIndex={-1} className={cn(part, 'flex flex-col gap-4')}>
          {(canEdit || estimate.sections.length > 0) && (
            <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
              <h2 className="text-lg font-semibold text-slate-900">Sections</h2>
              {estimate.sections.length > 0 && createSection}
            </div>
          )}
          {estimate.sections.length === 0 ? (
            <div className="rounded-lg border border-dashed border-slate-300 bg-white/60 print:hidden">
              <EmptyState
                icon={<LayoutList aria-hidden />}
                title="No sections yet"
                action={createSection || undefined}
              >
                {canEdit
                  ? 'Break the work into sections, then add items with low and high hours.'
                  : 'The studio has not added any sections to this estimate yet.'}
              </EmptyState>
            </div>
          ) : (
            <EstimateBoard
              sections={estimate.sections}
              canEdit={canEdit}
              onMoveSection={moveSection}
              onMoveItem={moveItem}
              {...actions}
            />
          )}
        </div>

        <div id="part-total" tabIndex={-1} className={part}>
          <EstimateTotal estimate={estimate} />
        </div>
        <div id="part-price" tabIndex={-1} className={cn(part, 'empty:hidden')}>
          <EstimatePrice estimate={estimate} canEdit={canEdit} />
        </div>
        <div id="part-activity" tabIndex={-1} className={cn(part, 'print:hidden')}>
          <ActivityCard filters={{ estimate: estimate.id }} />
        </div>
      </div>

      {(editing || editSession > 0) && (
        <EstimateDrawer
          key={editSession}
          open={editing}
          onOpenChange={editParam.onOpenChange}
          estimate={estimate}
        />
      )}
      {(sectionOpen || sectionSession > 0) && (
        <SectionDialog
          key={sectionSession}
          open={sectionOpen}
          onOpenChange={sectionDrawer.onOpenChange}
          estimateId={estimate.id}
          section={sectionDrawer.record ?? null}
        />
      )}
      {overlay?.kind === 'delete-section' && (
        <ConfirmDialog
          open={state.open}
          onOpenChange={setOpen}
          title="Delete Section"
          message={
            <DeletionMessage
              message="Are you sure you want to delete this section?"
              consequence={countGoesToo(overlay.section.items.length, 'item')}
            />
          }
          confirmLabel="Delete"
          danger
          pending={deleteSection.isPending}
          onConfirm={onDeleteSection}
        />
      )}
      {itemDrawer.shown && (
        <ItemDrawer
          key={itemSession}
          open={itemParam.isOpen && itemDrawer.named}
          onOpenChange={itemParam.onOpenChange}
          estimateId={estimate.id}
          section={itemDrawer.shown.section}
          item={itemDrawer.shown.item}
          canEdit={canEdit}
        />
      )}
    </PageFrame>
  );
};

/** Spec §2 Estimates (/estimates/{estimateId}): the estimate as a client-ready document. */
export const EstimateRoute = () => {
  const { estimateId } = useParams();
  const id = parseId(estimateId);
  const estimate = useEstimate(id ?? 0, id !== null);
  const notFound = id === null || (estimate.isError && isNotFound(estimate.error));
  // Spec §2: the estimate name plus the portal suffix.
  usePageTitle(estimate.data?.name ?? (notFound ? 'Estimate not found' : 'Estimate'));

  if (notFound) return <EstimateNotFound />;
  if (estimate.isError) {
    return (
      <PageFrame width="column">
        <LoadError
          what="the estimate"
          error={estimate.error}
          onRetry={() => void estimate.refetch()}
          retrying={estimate.isFetching}
          className="rounded-lg border border-slate-200 bg-white shadow-sm"
        />
      </PageFrame>
    );
  }
  if (!estimate.data) return <PageSpinner label="Loading estimate..." />;
  return <EstimateForViewer workingCopy={estimate.data} />;
};
