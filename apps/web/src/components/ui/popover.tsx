import type { ComponentProps } from 'react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { cn } from './cn';
import { floatingPanelClasses } from './dropdown-menu';

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;
export const PopoverAnchor = PopoverPrimitive.Anchor;

export const PopoverContent = ({
  className,
  sideOffset = 6,
  align = 'start',
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content>) => (
  <PopoverPrimitive.Portal>
    <PopoverPrimitive.Content
      sideOffset={sideOffset}
      align={align}
      collisionPadding={8}
      className={cn(
        floatingPanelClasses,
        'p-3 text-sm text-slate-700 focus:outline-none',
        className,
      )}
      {...props}
    />
  </PopoverPrimitive.Portal>
);
