import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Search } from 'lucide-react';
import { Button } from './button';
import { cn } from './cn';
import { Input } from './input';
import { Popover, PopoverAnchor, PopoverContent } from './popover';
import { Spinner } from './spinner';

/** Spec §9: searches run 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

export type SearchComboboxProps<T> = {
  label: string;
  placeholder?: string;
  search(text: string): Promise<T[]>;
  debounceMs?: number;
  getKey(item: T): string | number;
  renderItem(item: T): ReactNode;
  onSelect(item: T): void;
  id?: string;
  className?: string;
};

type SearchState<T> =
  { status: 'idle' } | { status: 'loading' } | { status: 'error' } | { status: 'done'; items: T[] };

export const SearchCombobox = <T,>({
  label,
  placeholder = 'Search…',
  search,
  debounceMs = SEARCH_DEBOUNCE_MS,
  getKey,
  renderItem,
  onSelect,
  id,
  className,
}: SearchComboboxProps<T>) => {
  const autoId = useId();
  const inputId = id ?? `${autoId}-input`;
  const listId = `${autoId}-results`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<SearchState<T>>({ status: 'idle' });
  const [active, setActive] = useState(-1);
  const request = useRef(0);
  const anchor = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const searchRef = useRef(search);
  useEffect(() => {
    searchRef.current = search;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const run = (query: string) => {
    clearTimeout(timer.current);
    // Only the latest request may update the list, whatever order the answers come in.
    const current = ++request.current;
    setOpen(true);
    setActive(-1);
    setState({ status: 'loading' });
    searchRef.current(query).then(
      (items) => current === request.current && setState({ status: 'done', items }),
      () => current === request.current && setState({ status: 'error' }),
    );
  };

  const onTextChange = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    if (!next.trim()) {
      request.current++;
      setOpen(false);
      setState({ status: 'idle' });
      return;
    }
    timer.current = setTimeout(() => run(next.trim()), debounceMs);
  };

  const items = state.status === 'done' ? state.items : [];
  const choose = (item: T) => {
    onSelect(item);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      const item = open ? items[active] : undefined;
      if (item !== undefined) choose(item);
      else run(text.trim());
    } else if (event.key === 'ArrowDown' && items.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % items.length);
    } else if (event.key === 'ArrowUp' && items.length > 0) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const optionId = (index: number) => `${autoId}-option-${index}`;

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverAnchor asChild>
          <div ref={anchor} className="flex gap-2">
            <div className="relative min-w-0 flex-1">
              <Search
                aria-hidden
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
              />
              <Input
                id={inputId}
                role="combobox"
                autoComplete="off"
                aria-autocomplete="list"
                aria-expanded={open}
                aria-controls={open ? listId : undefined}
                aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
                placeholder={placeholder}
                value={text}
                onChange={(event) => onTextChange(event.target.value)}
                onKeyDown={onKeyDown}
                className="pl-9"
              />
            </div>
            <Button variant="secondary" onClick={() => run(text.trim())}>
              Search
            </Button>
          </div>
        </PopoverAnchor>
        <PopoverContent
          // Typing continues in the input while the results are shown.
          onOpenAutoFocus={(event) => event.preventDefault()}
          // The input and the Search button sit outside the popover but belong to it.
          onInteractOutside={(event) => {
            if (event.target instanceof Node && anchor.current?.contains(event.target))
              event.preventDefault();
          }}
          className="w-[var(--radix-popover-trigger-width)] p-1"
        >
          {state.status === 'loading' && (
            <div className="flex justify-center px-3 py-4">
              <Spinner label="Searching…" size="sm" />
            </div>
          )}
          {state.status === 'error' && (
            <p className="px-3 py-4 text-center text-sm text-red-600">
              The search failed. Please try again.
            </p>
          )}
          {state.status === 'done' && items.length === 0 && (
            <p className="px-3 py-4 text-center text-sm text-slate-500">No results</p>
          )}
          {items.length > 0 && (
            <ul
              id={listId}
              role="listbox"
              aria-label={`${label} results`}
              className="max-h-72 overflow-y-auto"
            >
              {items.map((item, index) => (
                <li
                  key={getKey(item)}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  onClick={() => choose(item)}
                  onMouseMove={() => setActive(index)}
                  className={cn(
                    'cursor-pointer rounded-md px-2.5 py-2 text-sm text-slate-700',
                    index === active && 'bg-slate-100 text-slate-900',
                  )}
                >
                  {renderItem(item)}
                </li>
              ))}
            </ul>
          )}
        </PopoverContent>
      </Popover>
    </div>
  );
};
