import { memo, useEffect, useLayoutEffect } from 'react';
import { createPortal } from 'react-dom';
import type { UseSortableArguments } from '@dnd-kit/sortable';
import { DragHandle, type DragHandleProps } from './drag-handle';
import { useSortableRow } from './use-sortable-row';

/**
 * Drag and drop for long lists whose markup renders outside dnd-kit's context (the test plan,
 * the estimate; decisions 0011 and 0033). Every change of that context during a drag makes React
 * search the whole tree beneath it for its consumers, tens of thousands of nodes in a long list.
 * So the markup carries DOM ids and grip slots (`grip-slots.ts`), and inside the context a small
 * binding per row finds its element by id, makes it sortable, moves it (straight on the element,
 * no render of the markup) and puts its grip into the slot.
 */

export const byId = (id: string) => document.getElementById(id);

/**
 * `useSortableRow` for the element with the DOM id `elementId`: registered as the sortable's node,
 * moved by dnd-kit's transform and marked `data-dragging` while it is the one dragged.
 */
export const useBoundSortable = (elementId: string, args: UseSortableArguments) => {
  const sortable = useSortableRow(args);
  const { setNodeRef, isDragging, style } = sortable;

  useLayoutEffect(() => {
    setNodeRef(byId(elementId));
    return () => setNodeRef(null);
  }, [elementId, setNodeRef]);

  useLayoutEffect(() => {
    const element = byId(elementId);
    if (!element) return;
    element.style.transform = style.transform ?? '';
    element.style.transition = style.transition ?? '';
    element.toggleAttribute('data-dragging', isDragging);
  }, [elementId, style.transform, style.transition, isDragging]);

  useEffect(
    () => () => {
      const element = byId(elementId);
      if (!element) return;
      element.style.transform = '';
      element.style.transition = '';
      element.removeAttribute('data-dragging');
    },
    [elementId],
  );

  return sortable;
};

/**
 * A grip in the slot its markup left for it. Memoised: dnd-kit keeps a sortable's attributes and
 * listeners as they are, so the grip renders again only when it starts or stops dragging.
 */
export const SlotGrip = memo(function SlotGrip({
  slot,
  ...props
}: DragHandleProps & { slot: HTMLElement }) {
  return createPortal(<DragHandle {...props} />, slot);
});
