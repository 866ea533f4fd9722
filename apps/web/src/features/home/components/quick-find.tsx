import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useGlobalShortcuts } from '../lib/use-global-shortcuts';
import { isMac, ShortcutsDialog } from './shortcuts-dialog';

// The palette (and cmdk) is its own chunk, fetched once the page is idle so that the first
// Ctrl-K opens it at once and no keystroke typed right after is lost.
const loadPalette = () => import('./command-palette');
const CommandPalette = lazy(async () => ({ default: (await loadPalette()).CommandPalette }));

/**
 * The top bar's search button, the command palette it opens (also Ctrl/Cmd-K) and the `?`
 * shortcuts dialog: the app's keyboard way of finding things (issue 19).
 */
export const QuickFind = ({ userId }: { userId: number }) => {
  const [palette, setPalette] = useState({ open: false, used: false });
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const togglePalette = useCallback(
    () => setPalette((state) => ({ open: !state.open, used: true })),
    [],
  );
  const openShortcuts = useCallback(() => setShortcutsOpen(true), []);
  // A shortcut pressed with nothing focused: closing gives the focus here, not to <body>.
  const searchButton = useRef<HTMLButtonElement>(null);
  const backToSearch = useCallback(() => searchButton.current, []);
  useGlobalShortcuts({ onPalette: togglePalette, onShortcuts: openShortcuts });
  useEffect(() => {
    const timer = window.setTimeout(() => void loadPalette(), 1500);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <>
      <Button
        ref={searchButton}
        variant="secondary"
        onClick={togglePalette}
        aria-keyshortcuts={isMac() ? 'Meta+K' : 'Control+K'}
        className="text-slate-600 max-sm:size-9 max-sm:p-0"
      >
        <Search aria-hidden />
        <span className="max-sm:sr-only">Search</span>
        <kbd className="ml-1 hidden rounded border border-slate-200 bg-slate-50 px-1.5 font-sans text-xs text-slate-600 md:inline">
          {isMac() ? '⌘K' : 'Ctrl K'}
        </kbd>
      </Button>
      {palette.used && (
        <Suspense>
          <CommandPalette
            open={palette.open}
            onOpenChange={(open) => setPalette((state) => ({ ...state, open }))}
            userId={userId}
            focusFallback={backToSearch}
          />
        </Suspense>
      )}
      <ShortcutsDialog
        open={shortcutsOpen}
        onOpenChange={setShortcutsOpen}
        focusFallback={backToSearch}
      />
    </>
  );
};
