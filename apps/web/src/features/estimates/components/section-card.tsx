import { memo, type CSSProperties, type ReactNode } from 'react';
import { GripVertical, ListPlus, Pencil, Plus, Trash2 } from 'lucide-react';
import type { EstimateItem, EstimateSection } from '@portal/contract/estimates';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Tooltip } from '../../../components/ui/tooltip';
import { hoursRange } from '../lib/hours';
import { slotRef } from '../../../components/ui/grip-slots';
import { sectionElementId, sectionGripSlotId, sectionItemsId } from './dnd-ids';
import { ItemRow } from './item-row';

export type SectionActions = {
  onOpenItem(item: EstimateItem): void;
  onCreateItem(section: EstimateSection): void;
  onEditSection(section: EstimateSection): void;
  onDeleteSection(section: EstimateSection): void;
};

export type SectionCardProps = SectionActions & {
  section: EstimateSection;
  canEdit: boolean;
  /**
   * An item is being dragged and this section has none: it invites the drop. (Only this, not the
   * drag itself, so a drag's start and end render again the empty sections alone.)
   */
  awaitsItem: boolean;
};

/** An icon button in a section's header, named by its tooltip and its accessible label alike. */
const SectionAction = ({
  label,
  icon,
  onClick,
  className,
}: {
  label: string;
  icon: ReactNode;
  onClick(): void;
  className?: string;
}) => (
  <Tooltip content={label}>
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      onClick={onClick}
      className={cn('size-8', className)}
    >
      {icon}
    </Button>
  </Tooltip>
);

/** Spec §2: '{name} - {sum of high hours, 2 decimals} Hours'. */
const SectionTitle = ({ id, section }: { id: string; section: EstimateSection }) => (
  <h2
    id={id}
    className="min-w-0 flex-1 basis-48 text-[15px] leading-snug font-semibold text-slate-900"
  >
    <span className="break-words">{section.name}</span>
    <span className="font-normal whitespace-nowrap text-slate-500">
      {' - '}
      <span className="font-medium text-slate-700 tabular-nums">
        {hoursRange(section.items).high}
      </span>
      {' Hours'}
    </span>
  </h2>
);

/** One section: its title, its staff actions, and the table of its items. */
export const SectionCard = memo(function SectionCard({
  section,
  canEdit,
  awaitsItem,
  onOpenItem,
  onCreateItem,
  onEditSection,
  onDeleteSection,
}: SectionCardProps) {
  const titleId = `estimate-section-${section.id}`;

  return (
    <section
      id={sectionElementId(section.id)}
      aria-labelledby={titleId}
      // Its likely height before its first layout: its header, and a line per item.
      style={{ '--section-rows': section.items.length } as CSSProperties}
      className={cn(
        'estimate-section relative rounded-lg border border-slate-200 bg-white shadow-sm',
        /*
         * Long estimates: sections off screen skip style, layout and paint until scrolled to.
         * Until a section has been laid out once its height is the guess below, so the guess
         * scales with its items: with one size for all, the first screen held several guesses,
         * and the first layout did those sections' rows too (decision 0037, session 8).
         */
        'not-print:[content-visibility:auto] not-print:[contain-intrinsic-size:auto_calc(6rem+var(--section-rows)*3rem)]',
        'print:rounded-none print:border-0 print:shadow-none',
        // Set by the drag-and-drop layer (estimate-dnd) on the section being dragged.
        'data-dragging:z-10 data-dragging:opacity-40',
      )}
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-2 border-b border-slate-200 px-4 py-3 sm:px-5 print:border-slate-300 print:px-0 print:pb-2">
        {canEdit && (
          // The drag-and-drop layer puts the section's grip here.
          <span
            id={sectionGripSlotId(section.id)}
            ref={slotRef(sectionGripSlotId(section.id))}
            className="-ml-2 flex size-8 shrink-0 print:hidden"
          />
        )}
        <SectionTitle id={titleId} section={section} />
        {canEdit && (
          <div className="ml-auto flex items-center gap-1 print:hidden">
            {/* Every section has these: each says which section it acts on (issue 26). */}
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Create Item in ${section.name}`}
              onClick={() => onCreateItem(section)}
            >
              <Plus aria-hidden />
              Create Item
            </Button>
            <SectionAction
              label={`Edit section ${section.name}`}
              icon={<Pencil aria-hidden />}
              onClick={() => onEditSection(section)}
            />
            <SectionAction
              label={`Delete section ${section.name}`}
              icon={<Trash2 aria-hidden />}
              onClick={() => onDeleteSection(section)}
              className="hover:bg-red-50 hover:text-red-600"
            />
          </div>
        )}
      </header>
      <div
        id={sectionItemsId(section.id)}
        className={cn(
          'rounded-b-lg transition-colors',
          // `data-over` is set by the drag-and-drop layer while an item is over this body.
          awaitsItem && 'data-over:bg-brand-50/60',
        )}
      >
        {section.items.length === 0 ? (
          <p className="flex items-center justify-center gap-2 px-5 py-7 text-sm text-slate-500 print:justify-start print:px-0 print:py-3">
            <ListPlus aria-hidden className="size-4 text-slate-400 print:hidden" />
            {canEdit && awaitsItem ? 'Drop the item here.' : 'No items in this section yet.'}
          </p>
        ) : (
          /*
           * Clipped, not scrolled: the fixed-layout table fills this box at every width from md up
           * (below md it is a stack of cards), so there was never anything to scroll, yet as a
           * scroll container it made every row's drag rect re-read its scroll offset on each
           * pointer move and walk one more ancestor when measured (decision 0037).
           */
          <div className="overflow-x-clip max-md:not-print:overflow-visible">
            <table className="w-full table-fixed border-collapse text-left text-sm max-md:not-print:block">
              <thead className="border-b border-slate-200 bg-slate-50 max-md:not-print:hidden print:bg-transparent">
                <tr>
                  {canEdit && (
                    <th scope="col" className="w-10 print:hidden">
                      <span className="sr-only">Move</span>
                    </th>
                  )}
                  {(
                    [
                      ['Description', 'print:pl-0!'],
                      ['Hours', 'w-36 text-right'],
                      ['Notes', 'w-[21%]'],
                      ['Questions', 'w-[21%] print:pr-0!'],
                      ['Comments', 'w-26 text-center'],
                    ] as const
                  ).map(([label, className]) => (
                    <th
                      key={label}
                      scope="col"
                      className={cn(
                        'px-4 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase first:pl-5 last:pr-5 print:text-slate-600',
                        label === 'Comments' && 'print:hidden',
                        className,
                      )}
                    >
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 max-md:not-print:block print:divide-slate-200">
                {section.items.map((item) => (
                  <ItemRow key={item.id} item={item} canEdit={canEdit} onOpen={onOpenItem} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
});

/** What follows the pointer while a section is dragged: its title, compact. */
export const SectionDragPreview = ({ section }: { section: EstimateSection }) => (
  <div className="flex cursor-grabbing items-center gap-2 rounded-lg border border-brand-200 bg-white px-4 py-3 shadow-xl ring-1 ring-brand-500/10">
    <span className="-ml-2 inline-flex size-8 items-center justify-center text-slate-500">
      <GripVertical aria-hidden className="size-4" />
    </span>
    <SectionTitle id={`estimate-section-preview-${section.id}`} section={section} />
    <span className="text-xs text-slate-500">
      {section.items.length} {section.items.length === 1 ? 'item' : 'items'}
    </span>
  </div>
);
