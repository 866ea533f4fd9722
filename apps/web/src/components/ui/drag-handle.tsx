import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import type { ComponentProps } from 'react';
import { cn } from './cn';
import { staticIcon } from './static-icon';

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

/**
 * Lucide's grip-vertical as one static element rather than an icon component: grips render by
 * the hundred in long lists (estimate items, test steps), and each component costs a render.
 */
export const gripIcon = staticIcon(
  'size-4',
  <>
    <circle cx="9" cy="12" r="1" />
    <circle cx="9" cy="5" r="1" />
    <circle cx="9" cy="19" r="1" />
    <circle cx="15" cy="12" r="1" />
    <circle cx="15" cy="5" r="1" />
    <circle cx="15" cy="19" r="1" />
  </>,
);

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
    {gripIcon}
  </button>
);

const stillGripClasses = new Map<string | undefined, string>();
/** Joined once per caller's class name: a thousand still grips need one `cn` (decision 0037). */
const stillGripClass = (className: string | undefined) => {
  let joined = stillGripClasses.get(className);
  if (joined === undefined) {
    joined = cn(
      'inline-flex size-8 shrink-0 cursor-grab items-center justify-center rounded-md text-slate-400 select-none',
      className,
    );
    stillGripClasses.set(className, joined);
  }
  return joined;
};

/**
 * A grip that looks like the real one but does nothing, for a row far off screen whose sortable
 * is not mounted (long test plans and estimates): the real grip takes its place as the row comes
 * near. Out of the tab order and hidden from assistive technology. Its icon is `gripIcon` drawn
 * as one element (`.still-grip-icon`, styles.css) instead of seven: a long list renders a still
 * grip on every row, a thousand in a large estimate (decision 0033).
 */
export const StillGrip = (props: ComponentProps<'button'>) => (
  <button
    type="button"
    tabIndex={-1}
    aria-hidden
    data-still-grip
    {...props}
    className={stillGripClass(props.className)}
  >
    <span className="still-grip-icon size-4" />
  </button>
);
