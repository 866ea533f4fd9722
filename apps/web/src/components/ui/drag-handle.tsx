import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { GripVertical } from 'lucide-react';
import { cn } from './cn';

export type DragHandleProps = {
  /** The accessible name, e.g. 'Reorder section Design'. */
  label: string;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  /** dnd-kit's activator node: where a drag (and the keyboard's Space) starts. */
  activatorRef(element: HTMLElement | null): void;
  dragging?: boolean;
  className?: string;
};

/** The grip that starts a drag: mouse (after 5 px), touch (long press) or keyboard (Space). */
export const DragHandle = ({
  label,
  attributes,
  listeners,
  activatorRef,
  dragging = false,
  className,
}: DragHandleProps) => (
  <button
    type="button"
    ref={activatorRef}
    {...attributes}
    {...listeners}
    aria-label={label}
    data-drag-handle
    className={cn(
      'inline-flex size-8 shrink-0 touch-none items-center justify-center rounded-md text-slate-400 transition-colors select-none print:hidden',
      'hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500',
      dragging ? 'cursor-grabbing text-slate-600' : 'cursor-grab',
      className,
    )}
  >
    <GripVertical aria-hidden className="size-4" />
  </button>
);
