import { useRef, type ComponentProps } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { cn } from './cn';
import { edgeMask, useScrollEdges } from './use-scroll-edges';

/** Spec §2: the tab bar's scroll buttons move it by 300 px. */
export const TAB_SCROLL_STEP = 300;

export const Tabs = ({ className, ...props }: ComponentProps<typeof TabsPrimitive.Root>) => (
  <TabsPrimitive.Root className={cn('flex flex-col', className)} {...props} />
);

// A floating round button works on any background; the tabs fade out under it through a mask.
const scrollButtonClasses =
  'absolute top-1/2 z-10 flex size-7 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full border border-slate-200 bg-white text-slate-500 shadow-sm transition-colors hover:bg-slate-50 hover:text-slate-900';

export const TabsList = ({
  className,
  children,
  ...props
}: ComponentProps<typeof TabsPrimitive.List>) => {
  const scroller = useRef<HTMLDivElement>(null);
  const overflow = useScrollEdges(scroller);

  const scrollBy = (direction: -1 | 1) =>
    scroller.current?.scrollBy({ left: direction * TAB_SCROLL_STEP, behavior: 'smooth' });

  return (
    <div className={cn('relative border-b border-slate-200', className)}>
      {overflow.left && (
        <button
          type="button"
          tabIndex={-1}
          aria-label="Scroll tabs left"
          onClick={() => scrollBy(-1)}
          className={cn(
            scrollButtonClasses,
            'left-0 bg-gradient-to-r from-white from-60% to-transparent',
          )}
        >
          <ChevronLeft aria-hidden className="size-4" />
        </button>
      )}
      <div
        ref={scroller}
        className="overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        style={edgeMask(overflow)}
      >
        <TabsPrimitive.List className="-mb-px flex w-max min-w-full gap-1" {...props}>
          {children}
        </TabsPrimitive.List>
      </div>
      {overflow.right && (
        <button
          type="button"
          tabIndex={-1}
          aria-label="Scroll tabs right"
          onClick={() => scrollBy(1)}
          className={cn(
            scrollButtonClasses,
            'right-0 bg-gradient-to-l from-white from-60% to-transparent',
          )}
        >
          <ChevronRight aria-hidden className="size-4" />
        </button>
      )}
    </div>
  );
};

export const TabsTrigger = ({
  className,
  ...props
}: ComponentProps<typeof TabsPrimitive.Trigger>) => (
  <TabsPrimitive.Trigger
    className={cn(
      'inline-flex cursor-pointer items-center gap-2 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-slate-500 transition-colors',
      'hover:border-slate-300 hover:text-slate-700',
      'focus-visible:rounded-t-md focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500',
      'data-[state=active]:border-brand-600 data-[state=active]:text-brand-700',
      'disabled:cursor-not-allowed disabled:opacity-50 [&_svg]:size-4',
      className,
    )}
    {...props}
  />
);

export const TabsContent = ({
  className,
  ...props
}: ComponentProps<typeof TabsPrimitive.Content>) => (
  <TabsPrimitive.Content className={cn('pt-6 focus-visible:outline-none', className)} {...props} />
);
