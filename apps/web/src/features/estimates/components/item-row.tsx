import { memo, type MouseEvent } from 'react';
import { GripVertical } from 'lucide-react';
import type { EstimateItem } from '@portal/contract/estimates';
import { cn } from '../../../components/ui/cn';
import { formatRange } from '../lib/hours';
import { itemElementId, itemGripSlotId } from './dnd-ids';
import { StillGrip } from '../../../components/ui/drag-handle';
import { slotRef } from '../../../components/ui/grip-slots';
import { staticIcon } from '../../../components/ui/static-icon';

/**
 * Phones get each row as a small card: labelled fields instead of columns. Not on paper, though:
 * a printed A4 page is as narrow as a phone, and a document wants its table.
 */
const stacked =
  'max-md:not-print:block max-md:not-print:px-0 max-md:not-print:py-0 max-md:not-print:before:mr-1.5 max-md:not-print:before:font-medium max-md:not-print:before:text-slate-500 max-md:not-print:before:content-[attr(data-label)_":"]';

/**
 * Lucide's message-square as one static element rather than an icon component: every row shows
 * it, and an estimate may hold a thousand rows (decision 0033).
 */
const commentIcon = staticIcon(
  'size-3.5',
  <path d="M22 17a2 2 0 0 1-2 2H6.828a2 2 0 0 0-1.414.586l-2.202 2.202A.71.71 0 0 1 2 21.286V5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2z" />,
);

/**
 * Class names of the cells and rows, joined once here rather than by `cn` (tailwind-merge) in
 * every row: an estimate may hold a thousand rows, and `cn` was ≈ 4 % of its first render's
 * main thread (decision 0037).
 */
const textCellClass = (className: string | undefined, empty: boolean) =>
  cn(
    'px-4 py-3 align-top text-slate-600 max-md:not-print:mt-1',
    className,
    stacked,
    empty && 'max-md:not-print:hidden',
  );
const textCellClasses = {
  notes: [textCellClass(undefined, false), textCellClass(undefined, true)],
  questions: [textCellClass('print:pr-0!', false), textCellClass('print:pr-0!', true)],
} as const;
const hoursClass = cn(
  'px-4 py-3 text-right align-top whitespace-nowrap text-slate-900 tabular-nums max-md:not-print:mt-1.5 max-md:not-print:text-left',
  stacked,
);
const commentPill =
  'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium tabular-nums';
const commentPillClasses = [
  cn(commentPill, 'text-slate-400'),
  cn(commentPill, 'bg-brand-50 text-brand-700'),
] as const;
const rowClass = (canEdit: boolean) =>
  cn(
    'group relative cursor-pointer bg-white transition-colors hover:bg-slate-50/80 print:cursor-auto print:break-inside-avoid',
    'max-md:not-print:block max-md:not-print:px-4 max-md:not-print:py-3',
    canEdit && 'max-md:not-print:pl-11',
    // Set by the drag-and-drop layer (estimate-dnd) on the item being dragged.
    'data-dragging:z-10 data-dragging:bg-brand-50/60 data-dragging:opacity-50',
  );
const rowClasses = [rowClass(false), rowClass(true)] as const;

/**
 * A free-text cell (notes, questions): clamped to three lines on screen, whole on paper, and
 * left out of a phone's card when empty. A plain function, not a component: a thousand rows
 * would otherwise each add two more components to render (decision 0033).
 */
const textCell = (label: 'Notes' | 'Questions', text: string) => (
  <td
    data-label={label}
    className={textCellClasses[label === 'Notes' ? 'notes' : 'questions'][text ? 0 : 1]}
  >
    <span className="line-clamp-3 break-words whitespace-pre-line max-md:not-print:inline print:line-clamp-none">
      {text}
    </span>
  </td>
);

const ItemCells = memo(function ItemCells({
  item,
  onOpen,
}: {
  item: EstimateItem;
  onOpen(item: EstimateItem): void;
}) {
  const hours = formatRange({ low: item.hours_low, high: item.hours_high });
  return (
    <>
      <td className="px-4 py-3 align-top first:pl-5 max-md:not-print:block max-md:not-print:p-0 max-md:not-print:pr-14 print:pl-0!">
        {/* The row is clickable; this button is its keyboard and screen-reader way in. */}
        <button
          type="button"
          onClick={() => onOpen(item)}
          className="cursor-pointer rounded-sm text-left font-medium break-words whitespace-pre-line text-slate-900 group-hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 print:text-slate-900"
        >
          {item.description}
        </button>
      </td>
      <td data-label="Hours" className={hoursClass}>
        {hours}
      </td>
      {textCell('Notes', item.notes)}
      {textCell('Questions', item.questions)}
      <td className="px-4 py-3 text-center align-top last:pr-5 max-md:not-print:absolute max-md:not-print:top-3 max-md:not-print:right-3 max-md:not-print:p-0 print:hidden">
        <span className={commentPillClasses[item.comment_count > 0 ? 1 : 0]}>
          {commentIcon}
          <span>
            {item.comment_count}
            <span className="sr-only"> {item.comment_count === 1 ? 'comment' : 'comments'}</span>
          </span>
        </span>
      </td>
    </>
  );
});

export type ItemRowProps = {
  item: EstimateItem;
  canEdit: boolean;
  onOpen(item: EstimateItem): void;
};

/** One item of a section's table; staff drag it by its grip, anyone opens it with a click. */
export const ItemRow = memo(function ItemRow({ item, canEdit, onOpen }: ItemRowProps) {
  const onRowClick = (event: MouseEvent<HTMLTableRowElement>) => {
    const target = event.target as HTMLElement;
    // The grip drags, and the description button opens on its own.
    if (target.closest('[data-drag-handle], button, a')) return;
    onOpen(item);
  };

  return (
    <tr id={itemElementId(item.id)} onClick={onRowClick} className={rowClasses[canEdit ? 1 : 0]}>
      {canEdit && (
        <td className="w-10 py-2.5 pl-3 align-top max-md:not-print:absolute max-md:not-print:top-2 max-md:not-print:left-1 max-md:not-print:p-0 print:hidden">
          {/*
           * The drag-and-drop layer puts the item's grip here while its section is near the
           * screen; till then, and far off screen, a still one. Marked as a grip, so a click on
           * it does not open the item.
           */}
          <span
            id={itemGripSlotId(item.id)}
            ref={slotRef(itemGripSlotId(item.id))}
            className="grip-slot contents"
          >
            <StillGrip data-drag-handle className="print:hidden" />
          </span>
        </td>
      )}
      <ItemCells item={item} onOpen={onOpen} />
    </tr>
  );
});

/** What follows the pointer while an item is dragged. */
export const ItemDragPreview = ({ item }: { item: EstimateItem }) => (
  <div className="flex h-full min-h-12 cursor-grabbing items-center gap-3 rounded-md border border-brand-200 bg-white px-3 py-2 text-sm shadow-xl ring-1 ring-brand-500/10">
    <span className="inline-flex size-8 items-center justify-center text-slate-500">
      <GripVertical aria-hidden className="size-4" />
    </span>
    <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{item.description}</span>
    <span className="text-slate-700 tabular-nums">
      {formatRange({ low: item.hours_low, high: item.hours_high })}
    </span>
  </div>
);
