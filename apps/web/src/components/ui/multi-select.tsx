import { Check, ChevronDown } from 'lucide-react';
import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui';
import { cn } from './cn';
import { floatingPanelClasses } from './dropdown-menu';
import { controlClasses } from './input';

export type MultiSelectOption = { value: string; label: string };

export type MultiSelectProps = {
  options: MultiSelectOption[];
  value: string[];
  onChange(value: string[]): void;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
  className?: string;
};

/** Spec §2: the closed control reads '{n} selected'. */
export const multiSelectSummary = (count: number, placeholder: string) =>
  count === 0 ? placeholder : `${count} selected`;

export const MultiSelect = ({
  options,
  value,
  onChange,
  placeholder = 'Select…',
  id,
  'aria-label': ariaLabel,
  className,
}: MultiSelectProps) => {
  const selected = new Set(value);
  const toggle = (option: string, checked: boolean) =>
    // Keep the options' order, whatever order they were picked in.
    onChange(options.map((o) => o.value).filter((v) => (v === option ? checked : selected.has(v))));

  return (
    <DropdownMenuPrimitive.Root modal={false}>
      <DropdownMenuPrimitive.Trigger
        id={id}
        aria-label={
          ariaLabel ? `${ariaLabel}: ${multiSelectSummary(value.length, placeholder)}` : undefined
        }
        className={cn(
          controlClasses(false),
          'flex h-9 cursor-pointer items-center justify-between gap-2 text-left data-[state=open]:border-brand-500 data-[state=open]:ring-3 data-[state=open]:ring-brand-500/20',
          className,
        )}
      >
        <span className={cn('truncate', value.length === 0 && 'text-slate-400')}>
          {multiSelectSummary(value.length, placeholder)}
        </span>
        <ChevronDown aria-hidden className="size-4 shrink-0 text-slate-400" />
      </DropdownMenuPrimitive.Trigger>
      <DropdownMenuPrimitive.Portal>
        <DropdownMenuPrimitive.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          className={cn(
            floatingPanelClasses,
            'max-h-[min(20rem,var(--radix-dropdown-menu-content-available-height))] min-w-[var(--radix-dropdown-menu-trigger-width)] overflow-y-auto p-1',
          )}
        >
          {options.map((option) => (
            <DropdownMenuPrimitive.CheckboxItem
              key={option.value}
              checked={selected.has(option.value)}
              onCheckedChange={(checked) => toggle(option.value, checked === true)}
              // Several options are usually picked in one go, so the menu stays open.
              onSelect={(event) => event.preventDefault()}
              className="group flex cursor-pointer items-center gap-2.5 rounded-md px-2 py-1.5 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900"
            >
              <span
                aria-hidden
                className="flex size-4 shrink-0 items-center justify-center rounded border border-slate-300 bg-white group-data-[state=checked]:border-brand-600 group-data-[state=checked]:bg-brand-600"
              >
                <DropdownMenuPrimitive.ItemIndicator>
                  <Check className="size-3 text-white" strokeWidth={3} />
                </DropdownMenuPrimitive.ItemIndicator>
              </span>
              {option.label}
            </DropdownMenuPrimitive.CheckboxItem>
          ))}
          {value.length > 0 && (
            <>
              <DropdownMenuPrimitive.Separator className="-mx-1 my-1 h-px bg-slate-100" />
              <DropdownMenuPrimitive.Item
                onSelect={() => onChange([])}
                className="flex cursor-pointer items-center rounded-md px-2 py-1.5 text-sm text-slate-500 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900"
              >
                Clear selection
              </DropdownMenuPrimitive.Item>
            </>
          )}
        </DropdownMenuPrimitive.Content>
      </DropdownMenuPrimitive.Portal>
    </DropdownMenuPrimitive.Root>
  );
};
