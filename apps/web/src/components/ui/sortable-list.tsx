import { createContext, useContext, useState, type ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type AutoScrollOptions,
  type DragEndEvent,
  type Modifier,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { moveItem } from '@portal/contract/ordering';
import { cn } from './cn';
import { DragHandle as Grip } from './drag-handle';
import { useSortableRow, type SortableHandle } from './use-sortable-row';

/** Spec §9: a touch drag starts after a 120 ms long press, a mouse drag after 5 px. */
export const TOUCH_DRAG_DELAY_MS = 120;
export const MOUSE_DRAG_DISTANCE_PX = 5;
/** Spec §9: auto-scroll moves at most 28 px per step (one step per frame or so). */
export const AUTO_SCROLL: AutoScrollOptions = { acceleration: 28, interval: 16 };

// Module constants: dnd-kit rebuilds its activators (and re-renders every draggable) whenever a
// sensor's options object changes, so they must keep their identity across renders.
const mouseOptions = { activationConstraint: { distance: MOUSE_DRAG_DISTANCE_PX } };
const touchOptions = { activationConstraint: { delay: TOUCH_DRAG_DELAY_MS, tolerance: 5 } };
const keyboardOptions = { coordinateGetter: sortableKeyboardCoordinates };

/** Mouse (after 5 px), touch (after a 120 ms press) and keyboard, the same for every list. */
export const useSortableSensors = () =>
  useSensors(
    useSensor(MouseSensor, mouseOptions),
    useSensor(TouchSensor, touchOptions),
    useSensor(KeyboardSensor, keyboardOptions),
  );

export type SortableMove<T> = { item: T; id: UniqueIdentifier; from: number; to: number };

export type SortableRenderState = { index: number; isDragging: boolean };

export type SortableListProps<T> = {
  items: readonly T[];
  getId(item: T): UniqueIdentifier;
  /** How the item is named to screen readers while it is dragged ("Kick-off"). */
  getLabel(item: T): string;
  /**
   * Called once per drop that changes the order. The list shows the new order at once and keeps
   * it until `items` changes, so the caller should update `items` (optimistically, then with the
   * server's answer, or back on failure).
   */
  onMove(move: SortableMove<T>): void;
  renderItem(item: T, state: SortableRenderState): ReactNode;
  /** Without reordering rights the list is static and `DragHandle` renders nothing. */
  disabled?: boolean;
  'aria-label'?: string;
  className?: string;
  itemClassName?: string | ((state: SortableRenderState) => string);
};

const HandleContext = createContext<SortableHandle | null>(null);

/** Rows move only up and down, whatever the pointer does sideways. */
const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });

const instructions: ScreenReaderInstructions = {
  draggable:
    'To pick up an item, press Space or Enter. While dragging, use the up and down arrow keys to move it. Press Space or Enter again to drop it in its new position, or press Escape to cancel.',
};

const announcementsFor = <T,>(
  items: readonly T[],
  getId: (item: T) => UniqueIdentifier,
  getLabel: (item: T) => string,
): Announcements => {
  const find = (id: UniqueIdentifier) => {
    const index = items.findIndex((item) => getId(item) === id);
    const item = items[index];
    return { index, label: item === undefined ? 'The item' : getLabel(item) };
  };
  const position = (id: UniqueIdentifier | undefined) =>
    id === undefined ? null : `position ${find(id).index + 1} of ${items.length}`;
  return {
    onDragStart: ({ active }) =>
      `Picked up ${find(active.id).label}. It is in ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${find(active.id).label} was moved into ${position(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${find(active.id).label} was dropped at ${position(over.id)}.`
        : `${find(active.id).label} was dropped.`,
    onDragCancel: ({ active }) =>
      `Reordering was cancelled. ${find(active.id).label} is back in ${position(active.id)}.`,
  };
};

type SortableItemProps = {
  id: UniqueIdentifier;
  index: number;
  className: SortableListProps<unknown>['itemClassName'];
  children(state: SortableRenderState): ReactNode;
};

const SortableItem = ({ id, index, className, children }: SortableItemProps) => {
  const { setNodeRef, style, handle, isDragging } = useSortableRow({ id });
  const state = { index, isDragging };
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={cn(
        'relative',
        isDragging && 'z-10',
        typeof className === 'function' ? className(state) : className,
      )}
    >
      <HandleContext value={handle}>{children(state)}</HandleContext>
    </li>
  );
};

/**
 * A vertical list reordered by drag and drop (dnd-kit): mouse, touch (long press) and keyboard
 * (Space to lift, arrows to move, Space to drop) through a `DragHandle` inside each item, with
 * spoken announcements. Milestones, test flows and steps, and estimate sections and items use it.
 */
export const SortableList = <T,>({
  items,
  getId,
  getLabel,
  onMove,
  renderItem,
  disabled = false,
  'aria-label': ariaLabel,
  className,
  itemClassName,
}: SortableListProps<T>) => {
  // The dropped order, shown until `items` changes, so a drop never snaps back for a frame
  // while the caller's optimistic update is on its way.
  const [dropped, setDropped] = useState<{ base: readonly T[]; items: readonly T[] } | null>(null);
  if (dropped && dropped.base !== items) setDropped(null);
  const shown = dropped && dropped.base === items ? dropped.items : items;

  const sensors = useSortableSensors();

  const ids = shown.map(getId);

  if (disabled) {
    return (
      <ul aria-label={ariaLabel} className={className}>
        {shown.map((item, index) => {
          const state = { index, isDragging: false };
          return (
            <li
              key={getId(item)}
              className={typeof itemClassName === 'function' ? itemClassName(state) : itemClassName}
            >
              {renderItem(item, state)}
            </li>
          );
        })}
      </ul>
    );
  }

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(active.id);
    const to = ids.indexOf(over.id);
    const item = shown[from];
    if (from < 0 || to < 0 || item === undefined) return;
    setDropped({ base: items, items: moveItem(shown, from, to) });
    onMove({ item, id: active.id, from, to });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[restrictToVerticalAxis]}
      autoScroll={AUTO_SCROLL}
      accessibility={{
        announcements: announcementsFor(shown, getId, getLabel),
        screenReaderInstructions: instructions,
      }}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul aria-label={ariaLabel} className={className}>
          {shown.map((item, index) => (
            <SortableItem
              key={getId(item)}
              id={getId(item)}
              index={index}
              className={itemClassName as SortableItemProps['className']}
            >
              {(state) => renderItem(item, state)}
            </SortableItem>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
};

export type DragHandleProps = {
  /** The accessible name, e.g. 'Reorder Kick-off'. */
  label: string;
  className?: string;
};

/** The grip that starts a drag of its item; renders nothing in a disabled (read-only) list. */
export const DragHandle = ({ label, className }: DragHandleProps) => {
  const handle = useContext(HandleContext);
  if (!handle) return null;
  return <Grip label={label} {...handle} className={className} />;
};
