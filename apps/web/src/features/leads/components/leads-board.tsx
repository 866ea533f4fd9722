import { memo, useState } from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { useQueryClient } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import {
  isLeadStatus,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  leadStatusBadge,
  type Lead,
  type LeadStatus,
} from '@portal/contract/leads';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { SideScroller } from '../../../components/ui/side-scroller';
import {
  AUTO_SCROLL,
  MOUSE_DRAG_DISTANCE_PX,
  TOUCH_DRAG_DELAY_MS,
} from '../../../components/ui/sortable-list';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { errorMessages } from '../../../lib/errors';
import { leadKeys } from '../api/keys';
import { useBoardColumn, useMoveLead } from '../api/pipeline';
import { cardsOf, countOf, insertCard, removeCard, type ColumnPages } from '../lib/board';
import { leadName } from '../lib/format';
import { DateTime } from '../../../components/ui/date-time';

/**
 * Arrow keys move a picked-up card one column left or right (dnd-kit's keyboard sensor with a
 * coordinate getter that jumps from column centre to column centre instead of by pixels).
 */
const columnKeyboardCoordinates: KeyboardCoordinateGetter = (
  event,
  { currentCoordinates, context },
) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const { collisionRect, draggingNode, droppableContainers } = context;
  // Measured now, on screen, like the columns below: the board may have scrolled sideways since
  // the drag began, which dnd-kit's own rects account for in another frame of reference.
  const card = draggingNode?.getBoundingClientRect() ?? collisionRect;
  if (!card) return undefined;
  const centre = card.left + card.width / 2;
  const centres = droppableContainers
    .getEnabled()
    .map((container) => container.node.current?.getBoundingClientRect())
    .filter((rect) => rect !== undefined)
    .map((rect) => rect.left + rect.width / 2)
    .sort((a, b) => a - b);
  const target =
    step > 0 ? centres.find((x) => x > centre + 1) : centres.findLast((x) => x < centre - 1);
  if (target === undefined) return currentCoordinates;
  return { x: currentCoordinates.x + target - centre, y: currentCoordinates.y };
};

const mouseOptions = { activationConstraint: { distance: MOUSE_DRAG_DISTANCE_PX } };
const touchOptions = { activationConstraint: { delay: TOUCH_DRAG_DELAY_MS, tolerance: 5 } };
// Enter opens the lead; Space picks a card up and puts it down.
const keyboardOptions = {
  coordinateGetter: columnKeyboardCoordinates,
  // When the next column is off screen the sensor scrolls the board instead of moving the card;
  // at once, so the column under the card is known before the next key.
  scrollBehavior: 'auto' as const,
  keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
};

/** The pointer decides where a mouse drop lands; a keyboard drag has only the card's box. */
const collisions: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : rectIntersection(args);
};

const label = (status: unknown) =>
  typeof status === 'string' && isLeadStatus(status) ? LEAD_STATUS_LABELS[status] : 'no column';

const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    'Press Enter to open the lead. To change its status, press Space to pick it up, the left ' +
    'and right arrow keys to move it to another column, Space to drop it, or Escape to cancel.',
};

const cardLead = (data: unknown): Lead | null =>
  typeof data === 'object' && data !== null && 'lead' in data ? (data.lead as Lead) : null;

const announcements: Announcements = {
  onDragStart: ({ active }) => {
    const lead = cardLead(active.data.current);
    return lead ? `Picked up ${leadName(lead)} in ${label(lead.status)}.` : undefined;
  },
  onDragOver: ({ over }) => (over ? `Over ${label(over.id)}.` : 'Over no column.'),
  onDragEnd: ({ active, over }) => {
    const lead = cardLead(active.data.current);
    if (!lead) return undefined;
    return over && over.id !== lead.status
      ? `Moved ${leadName(lead)} to ${label(over.id)}.`
      : `${leadName(lead)} stays in ${label(lead.status)}.`;
  },
  onDragCancel: ({ active }) => {
    const lead = cardLead(active.data.current);
    return lead ? `Cancelled. ${leadName(lead)} stays in ${label(lead.status)}.` : undefined;
  },
};

const CardBody = ({ lead }: { lead: Lead }) => (
  <>
    <span className="block truncate font-medium text-slate-900">{leadName(lead)}</span>
    {lead.company && <span className="block truncate text-slate-600">{lead.company}</span>}
    <DateTime value={lead.created_at} className="mt-1 block text-xs text-slate-500" />
  </>
);

const cardClasses =
  'block w-full cursor-grab rounded-md border border-slate-200 bg-white px-3 py-2.5 text-left text-sm shadow-xs transition-shadow hover:border-slate-300 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 active:cursor-grabbing';

const BoardCard = memo(function BoardCard({
  lead,
  onOpen,
}: {
  lead: Lead;
  onOpen(lead: Lead): void;
}) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: lead.id,
    data: { lead },
  });
  return (
    <li>
      <div
        ref={setNodeRef}
        {...attributes}
        {...listeners}
        aria-roledescription="Lead card"
        aria-label={`${leadName(lead)}${lead.company ? `, ${lead.company}` : ''}`}
        onClick={() => onOpen(lead)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            // While the card is picked up, Enter drops it (the sensor's own listener).
            if (!isDragging) onOpen(lead);
            return;
          }
          listeners?.onKeyDown?.(event);
        }}
        className={cn(cardClasses, isDragging && 'opacity-40')}
        data-lead-id={lead.id}
      >
        <CardBody lead={lead} />
      </div>
    </li>
  );
});

const BoardColumn = ({
  status,
  search,
  onOpen,
}: {
  status: LeadStatus;
  search: string;
  onOpen(lead: Lead): void;
}) => {
  const column = useBoardColumn(status, search);
  const { setNodeRef, isOver } = useDroppable({ id: status });
  const { color } = leadStatusBadge(status);
  const cards = cardsOf(column.data);
  const count = countOf(column.data);
  const headingId = `board-column-${status}`;

  let body;
  if (column.isPending) {
    body = (
      <div className="flex justify-center py-8">
        <Spinner label={`Loading ${LEAD_STATUS_LABELS[status]} leads`} />
      </div>
    );
  } else if (column.isError) {
    body = (
      <div className="px-1 py-6 text-center text-sm">
        <p role="alert" className="text-slate-600">
          {errorMessages(column.error).join(' ')}
        </p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          loading={column.isFetching}
          onClick={() => void column.refetch()}
        >
          <RotateCw aria-hidden />
          Try again
        </Button>
      </div>
    );
  } else if (cards.length === 0) {
    body = <p className="px-1 py-6 text-center text-sm text-slate-500">No leads</p>;
  } else {
    body = (
      <>
        <ul className="flex flex-col gap-2" aria-labelledby={headingId}>
          {cards.map((lead) => (
            <BoardCard key={lead.id} lead={lead} onOpen={onOpen} />
          ))}
        </ul>
        {column.hasNextPage && (
          <Button
            variant="ghost"
            size="sm"
            className="mt-2 w-full"
            loading={column.isFetchingNextPage}
            onClick={() => void column.fetchNextPage()}
          >
            Show more ({(count ?? 0) - cards.length} left)
          </Button>
        )}
      </>
    );
  }

  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-status={status}
      className={cn(
        'flex w-72 shrink-0 flex-col rounded-lg bg-slate-100/80 ring-1 ring-slate-200 transition-colors ring-inset',
        isOver && 'bg-brand-50 ring-2 ring-brand-400',
      )}
    >
      <header className="flex items-center justify-between gap-2 px-3 pt-3 pb-2">
        <h2 id={headingId} className="text-sm font-semibold text-slate-800">
          {LEAD_STATUS_LABELS[status]}
        </h2>
        <Badge color={color}>
          <span className="sr-only">Leads: </span>
          {count ?? '…'}
        </Badge>
      </header>
      <div className="max-h-[calc(100vh-17rem)] min-h-32 flex-1 overflow-y-auto px-2 pb-3">
        {body}
      </div>
    </section>
  );
};

export type LeadsBoardProps = {
  search: string;
  /** With a status filter, only that column shows. */
  status: LeadStatus | '';
  onOpen(lead: Lead): void;
};

/**
 * The board view of /leads: one column per status in the spec's order, each paged from the
 * server (so 10,000 leads cost 50 cards per column), cards dragged between columns with the
 * mouse, touch or keyboard. A drop moves the card at once and PATCHes the status; when the server
 * refuses, the card goes back and a toast says why.
 */
export const LeadsBoard = ({ search, status, onOpen }: LeadsBoardProps) => {
  const queryClient = useQueryClient();
  const move = useMoveLead();
  const [dragged, setDragged] = useState<Lead | null>(null);
  const sensors = useSensors(
    useSensor(MouseSensor, mouseOptions),
    useSensor(TouchSensor, touchOptions),
    useSensor(KeyboardSensor, keyboardOptions),
  );
  const statuses = status ? [status] : LEAD_STATUSES;

  const onDragStart = ({ active }: DragStartEvent) => setDragged(cardLead(active.data.current));

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const lead = cardLead(active.data.current);
    const to = over?.id;
    if (!lead || typeof to !== 'string' || !isLeadStatus(to) || to === lead.status) return;
    const from = lead.status;
    const fromKey = leadKeys.column(from as LeadStatus, search);
    const toKey = leadKeys.column(to, search);
    const detailKey = leadKeys.detail(lead.id);
    const before = {
      from: queryClient.getQueryData<ColumnPages>(fromKey),
      to: queryClient.getQueryData<ColumnPages>(toKey),
      detail: queryClient.getQueryData<Lead>(detailKey),
    };
    queryClient.setQueryData<ColumnPages>(fromKey, (data) => removeCard(data, lead.id));
    queryClient.setQueryData<ColumnPages>(toKey, (data) =>
      insertCard(data, { ...lead, status: to }),
    );
    // A drawer opened on the card before the server answers reads the kept lead, not the card:
    // it must show the new column's status too.
    if (before.detail) queryClient.setQueryData<Lead>(detailKey, { ...before.detail, status: to });
    move.mutate(
      { id: lead.id, status: to },
      {
        onError: (error) => {
          queryClient.setQueryData(fromKey, before.from);
          queryClient.setQueryData(toKey, before.to);
          if (before.detail) queryClient.setQueryData(detailKey, before.detail);
          toast.error(
            `${leadName(lead)} could not be moved to ${LEAD_STATUS_LABELS[to]}: ${errorMessages(error).join(' ')}`,
          );
        },
        // The server's counts and order are the truth once it has answered.
        onSettled: () =>
          Promise.all([
            queryClient.invalidateQueries({ queryKey: fromKey }),
            queryClient.invalidateQueries({ queryKey: toKey }),
          ]),
      },
    );
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      autoScroll={AUTO_SCROLL}
      accessibility={{ announcements, screenReaderInstructions }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
    >
      <SideScroller label="Leads board" className="flex items-stretch gap-3 p-4 sm:p-5">
        {statuses.map((value) => (
          <BoardColumn key={value} status={value} search={search} onOpen={onOpen} />
        ))}
      </SideScroller>
      <DragOverlay dropAnimation={null}>
        {dragged && (
          <div className={cn(cardClasses, 'w-68 cursor-grabbing shadow-lg ring-2 ring-brand-400')}>
            <CardBody lead={dragged} />
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
};
