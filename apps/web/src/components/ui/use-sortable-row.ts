import type { CSSProperties } from 'react';
import { useSortable, type UseSortableArguments } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { DragHandleProps } from './drag-handle';

/** What a `DragHandle` needs from its sortable, apart from its label and class. */
export type SortableHandle = Omit<DragHandleProps, 'label' | 'className'>;

/**
 * dnd-kit's `useSortable` with the wiring every sortable row repeats: the style that moves the
 * row (translate only, so rows of different heights never stretch) and the props of its grip,
 * `<DragHandle label="…" {...handle} />`. The parts of `handle` keep dnd-kit's identities, so a
 * memoised grip renders again only when it starts or stops dragging.
 */
export const useSortableRow = (args: UseSortableArguments) => {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable(args);
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  const handle: SortableHandle = {
    attributes,
    listeners,
    activatorRef: setActivatorNodeRef,
    dragging: isDragging,
  };
  return { setNodeRef, transform, transition, isDragging, style, handle };
};
