import type { ReactElement, ReactNode } from 'react';
import { Tooltip as TooltipPrimitive } from 'radix-ui';

/** Spec §2: tooltips open after 700 ms, and within 300 ms of another one without delay. */
export const TOOLTIP_DELAY = 700;
export const TOOLTIP_SKIP_DELAY = 300;

export const TooltipProvider = ({ children }: { children: ReactNode }) => (
  <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY} skipDelayDuration={TOOLTIP_SKIP_DELAY}>
    {children}
  </TooltipPrimitive.Provider>
);

export type TooltipProps = {
  content: ReactNode;
  /** One focusable element (it becomes the trigger). */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
};

export const Tooltip = ({ content, children, side = 'top' }: TooltipProps) => (
  <TooltipPrimitive.Root>
    <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        side={side}
        sideOffset={6}
        collisionPadding={8}
        className="z-50 max-w-xs rounded-md bg-slate-900 px-2.5 py-1.5 text-xs leading-snug font-medium text-white shadow-md data-[state=delayed-open]:animate-[fade-in_120ms_ease-out] data-[state=instant-open]:animate-[fade-in_80ms_ease-out]"
      >
        {content}
        <TooltipPrimitive.Arrow className="fill-slate-900" width={10} height={5} />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  </TooltipPrimitive.Root>
);
