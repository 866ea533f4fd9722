import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from './cn';
import { edgeMask, useScrollEdges } from './use-scroll-edges';

const buttonClasses =
  'absolute top-1/2 z-10 flex size-9 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full border border-slate-200 bg-white text-slate-700 shadow-md transition-colors hover:bg-slate-50 hover:text-slate-900 [&_svg]:size-5';

/** The mouse's way along the row, over the faded side; gone once there is no more that way. */
const ScrollButton = ({
  side,
  label,
  onClick,
}: {
  side: 'left' | 'right';
  label: string;
  onClick(): void;
}) => (
  <button
    type="button"
    // Out of the tab order (it goes when the row reaches its end): the keys scroll the row.
    tabIndex={-1}
    aria-label={`Scroll ${label.toLowerCase()} ${side}`}
    title={`Scroll ${side}`}
    // A click leaves the focus where it was (the row, a card), not on a button about to go.
    onMouseDown={(event) => event.preventDefault()}
    onClick={onClick}
    className={cn(buttonClasses, side === 'left' ? 'left-2' : 'right-2')}
  >
    {side === 'left' ? <ChevronLeft aria-hidden /> : <ChevronRight aria-hidden />}
  </button>
);

/**
 * A row wider than the screen that shows it is one (issue 26: the leads board hid Won and Lost
 * off-screen with nothing to say so). While there is more to one side, that side fades out and a
 * button (for the mouse) scrolls by most of a screen; the region itself takes the focus, and
 * then ← and → scroll it as the buttons do, Home and End to its ends. Wheel, touch and a drag near the edge scroll it as before.
 */
export const SideScroller = ({
  label,
  className,
  children,
}: {
  /** The region's name ("Leads board"); the buttons say "Scroll leads board left/right". */
  label: string;
  /** On the scrolling row: its gap and padding. */
  className?: string;
  children: ReactNode;
}) => {
  const row = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(row);
  const scrollBy = (direction: 1 | -1) =>
    row.current?.scrollBy({
      left: direction * row.current.clientWidth * 0.8,
      behavior: 'smooth',
    });

  // The row's own keys, while it (not a card inside it) has the focus: the browser scrolls a
  // focused row by 40 px an arrow and reads Home and End as up and down.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const el = row.current;
    if (!el || event.target !== el) return;
    const to = {
      ArrowRight: el.scrollLeft + el.clientWidth * 0.8,
      ArrowLeft: el.scrollLeft - el.clientWidth * 0.8,
      Home: 0,
      End: el.scrollWidth,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    el.scrollTo({ left: to, behavior: 'smooth' });
  };

  return (
    <div className="relative">
      <div
        ref={row}
        role="region"
        aria-label={label}
        // Focusable, so the arrow keys scroll it (axe: scrollable-region-focusable).
        tabIndex={0}
        onKeyDown={onKeyDown}
        style={edgeMask(edges)}
        className={cn(
          'overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500',
          className,
        )}
      >
        {children}
      </div>
      {edges.left && <ScrollButton side="left" label={label} onClick={() => scrollBy(-1)} />}
      {edges.right && <ScrollButton side="right" label={label} onClick={() => scrollBy(1)} />}
    </div>
  );
};
