import { useEffect, useState } from 'react';
import { Command } from 'cmdk';
import {
  Building2,
  Calculator,
  FolderKanban,
  Inbox,
  Milestone,
  Search,
  type LucideIcon,
} from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useNavigate } from 'react-router';
import type { SearchResult } from '@portal/contract/home';
import { useReturnFocus } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useSearch } from '../api/home';
import { readRecent, rememberRecent } from '../lib/recent';

const GROUPS: { type: SearchResult['type']; heading: string; icon: LucideIcon }[] = [
  { type: 'client', heading: 'Clients', icon: Building2 },
  { type: 'project', heading: 'Projects', icon: FolderKanban },
  { type: 'estimate', heading: 'Estimates', icon: Calculator },
  { type: 'lead', heading: 'Leads', icon: Inbox },
  { type: 'milestone', heading: 'Milestones', icon: Milestone },
];
const ICONS = Object.fromEntries(GROUPS.map((g) => [g.type, g.icon])) as Record<
  SearchResult['type'],
  LucideIcon
>;

/** Typing settles for this long before the server is asked. */
const DEBOUNCE_MS = 200;

const useDebounced = (value: string, ms: number) => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
};

const itemClasses =
  'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-700 data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-800';
const headingClasses =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-slate-600';

const ResultItem = ({
  result,
  onOpen,
}: {
  result: SearchResult;
  onOpen(result: SearchResult): void;
}) => {
  const Icon = ICONS[result.type];
  return (
    <Command.Item
      // Unique per record: cmdk tells items apart by value.
      value={itemValue(result)}
      keywords={[result.title, result.context]}
      onSelect={() => onOpen(result)}
      className={itemClasses}
    >
      <Icon aria-hidden className="size-4 shrink-0 text-slate-500" />
      <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{result.title}</span>
      <span className="max-w-[45%] shrink-0 truncate text-xs text-slate-600">{result.context}</span>
    </Command.Item>
  );
};

export type CommandPaletteProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  userId: number;
  /** Where focus goes on closing when nothing had it before (Ctrl-K on the page itself). */
  focusFallback?: () => HTMLElement | null;
};

/**
 * Ctrl/Cmd-K (issue 19): find a client, project, estimate, lead or milestone by name and go
 * there. The server searches, scoped like the lists (cmdk only draws and steers the list, so
 * its own filtering is off); with nothing typed, the last records opened from here are offered.
 * Arrows move, Enter opens, Esc closes and focus goes back where it was.
 */
const itemValue = (result: SearchResult) => `${result.type}:${result.id}`;

export const CommandPalette = ({
  open,
  onOpenChange,
  userId,
  focusFallback,
}: CommandPaletteProps) => {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const settled = useDebounced(text.trim(), DEBOUNCE_MS);
  const search = useSearch(settled);
  const [recent, setRecent] = useState(() => readRecent(userId));
  const returnFocus = useReturnFocus(focusFallback);

  const typing = text.trim() !== '';
  // While the text runs ahead of the answer, the answer shown is for older text.
  const waiting = typing && (settled !== text.trim() || search.isFetching);
  const results = typing ? (search.data?.results ?? []) : [];
  // The item the arrows steer from, kept here rather than by cmdk: cmdk selects the first item
  // only while nothing is selected, so when the answer for newer text replaced an older one the
  // old choice was gone and nothing was selected. The choice stands while it is listed; otherwise
  // the first item listed, in the groups' order, is the one Enter opens.
  const [chosen, setChosen] = useState('');
  const listed = typing
    ? GROUPS.flatMap(({ type }) => results.filter((r) => r.type === type))
    : recent;
  const selected = listed.some((r) => itemValue(r) === chosen)
    ? chosen
    : listed[0]
      ? itemValue(listed[0])
      : '';

  const openResult = (result: SearchResult) => {
    setRecent(rememberRecent(userId, result));
    onOpenChange(false);
    setText('');
    void navigate(result.path);
  };

  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setRecent(readRecent(userId));
        else setText('');
        onOpenChange(next);
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/40 backdrop-blur-[2px]" />
        <DialogPrimitive.Content
          {...returnFocus}
          aria-describedby={undefined}
          className="fixed top-[12vh] left-1/2 z-50 w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl"
        >
          <DialogPrimitive.Title className="sr-only">Command palette</DialogPrimitive.Title>
          <Command
            shouldFilter={false}
            label="Search"
            loop
            value={selected}
            onValueChange={setChosen}
          >
            <div className="flex items-center gap-2 border-b border-slate-200 px-4">
              <Search aria-hidden className="size-4 shrink-0 text-slate-500" />
              <Command.Input
                value={text}
                onValueChange={setText}
                placeholder="Search clients, projects, estimates, leads, milestones…"
                className="h-12 w-full bg-transparent text-[15px] text-slate-900 outline-none placeholder:text-slate-500"
              />
              {waiting && <Spinner label="Searching" size="sm" />}
            </div>
            {!typing && recent.length === 0 && (
              <p className="px-3 py-6 text-center text-sm text-slate-600">
                Type a name to search. Records you open from here are listed next time.
              </p>
            )}
            {typing && search.isError && (
              <p role="alert" className="px-3 py-6 text-center text-sm text-red-700">
                The search failed. Try again in a moment.
              </p>
            )}
            {typing && !waiting && !search.isError && results.length === 0 && (
              <p className="px-3 py-6 text-center text-sm text-slate-600">
                No results for “{text.trim()}”.
              </p>
            )}
            {/* A listbox must hold options: with none to list it is hidden (the input still
                names it), and the messages above say why. */}
            <Command.List
              hidden={listed.length === 0}
              className={`max-h-[min(60vh,420px)] overflow-y-auto p-2 ${headingClasses}`}
            >
              {!typing && recent.length > 0 && (
                <Command.Group heading="Recent">
                  {recent.map((result) => (
                    <ResultItem
                      key={`${result.type}:${result.id}`}
                      result={result}
                      onOpen={openResult}
                    />
                  ))}
                </Command.Group>
              )}
              {GROUPS.map(({ type, heading }) => {
                const ofType = results.filter((r) => r.type === type);
                return (
                  ofType.length > 0 && (
                    <Command.Group key={type} heading={heading}>
                      {ofType.map((result) => (
                        <ResultItem
                          key={`${result.type}:${result.id}`}
                          result={result}
                          onOpen={openResult}
                        />
                      ))}
                    </Command.Group>
                  )
                );
              })}
            </Command.List>
          </Command>
          <p className="border-t border-slate-200 bg-slate-50 px-4 py-2 text-xs text-slate-600">
            <span>
              <kbd className="font-sans">↑</kbd> <kbd className="font-sans">↓</kbd> to move,{' '}
              <kbd className="font-sans">Enter</kbd> to open, <kbd className="font-sans">Esc</kbd>{' '}
              to close
            </span>
          </p>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
};
