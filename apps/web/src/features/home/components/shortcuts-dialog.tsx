import { Dialog } from '../../../components/ui/dialog';

export const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** The app's keyboard shortcuts, by where they work. */
const shortcutGroups = (mod: string) =>
  [
    {
      where: 'Anywhere',
      keys: [
        [[mod, 'K'], 'Open the command palette'],
        [['?'], 'Show these shortcuts (not while typing in a field)'],
        [['Esc'], 'Close a dialog, drawer or the palette'],
      ],
    },
    {
      where: 'Command palette',
      keys: [
        [['↑', '↓'], 'Move through the results'],
        [['Enter'], 'Open the selected result'],
      ],
    },
    {
      where: 'Test plan',
      keys: [
        [['Enter'], 'Save a flow name or step'],
        [['Shift', 'Enter'], 'New line in a step'],
        [['Esc'], 'Cancel editing'],
      ],
    },
    {
      where: 'Sortable lists and boards',
      keys: [
        [['Space'], 'Pick up or drop the focused row'],
        [['↑', '↓'], 'Move the picked-up row'],
      ],
    },
  ] as const;

export type ShortcutsDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Where focus goes on closing when nothing had it before (`?` pressed on the page itself). */
  focusFallback?: () => HTMLElement | null;
};

/** `?` (issue 19): every keyboard shortcut of the app in one place. */
export const ShortcutsDialog = ({ open, onOpenChange, focusFallback }: ShortcutsDialogProps) => (
  <Dialog
    open={open}
    onOpenChange={onOpenChange}
    title="Keyboard shortcuts"
    focusFallback={focusFallback}
  >
    <div className="grid gap-5">
      {shortcutGroups(isMac() ? '⌘' : 'Ctrl').map((group) => (
        <section key={group.where} aria-label={group.where}>
          <h3 className="mb-2 text-sm font-semibold text-slate-900">{group.where}</h3>
          <dl className="grid gap-1.5">
            {group.keys.map(([keys, what]) => (
              <div key={what} className="flex items-center justify-between gap-4 text-sm">
                <dt className="text-slate-700">{what}</dt>
                <dd className="flex shrink-0 gap-1">
                  {keys.map((key) => (
                    <kbd
                      key={key}
                      className="min-w-7 rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 text-center font-sans text-xs font-medium text-slate-800"
                    >
                      {key}
                    </kbd>
                  ))}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  </Dialog>
);
