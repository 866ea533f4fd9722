import { memo, type ComponentProps } from 'react';
import { Link } from 'react-router';
import {
  ChevronLeft,
  Database,
  DatabaseZap,
  Download,
  FileImage,
  History,
  Image,
  Plus,
  Redo2,
  Save,
  Undo2,
  WifiOff,
} from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import type { ImageFormat } from '../lib/diagram-image';
import { useOthers } from '../live/presence';

type ToolbarState = {
  name: string;
  clientName: string;
  dirty: boolean;
  saving: boolean;
  exporting: boolean;
};

export type LiveBarProps = {
  canUndo: boolean;
  canRedo: boolean;
  /** Why the editor is not connected now (its changes wait), or null while it is. */
  connection: string | null;
  onUndo(): void;
  onRedo(): void;
};

type ToolbarActions = {
  onAddModel(): void;
  onSave(): void;
  onShowImport(): void;
  onShowExport(): void;
  onShowHistory(): void;
  onExportImage(format: ImageFormat): void;
};
export type EditorToolbarProps = ToolbarState & ToolbarActions;

/** A toolbar action shown as its icon, named for screen readers and in a tooltip. */
const ToolIcon = ({ label, ...props }: ComponentProps<typeof Button> & { label: string }) => (
  <Button
    variant="secondary"
    size="icon"
    className="size-8"
    aria-label={label}
    title={label}
    {...props}
  />
);

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** Everyone else in the editor now, each in the colour their selection is outlined with. */
const PeopleHere = () => {
  const others = useOthers();
  if (others.length === 0) return null;
  const names = others.map((other) => other.person.name).join(', ');
  return (
    <ul
      className="flex -space-x-1.5"
      aria-label={`Also here: ${names}`}
      title={`Also here: ${names}`}
    >
      {others.map(({ clientId, person }) => (
        <li
          key={clientId}
          className="flex size-7 items-center justify-center rounded-full text-[11px] font-semibold text-white ring-2 ring-white"
          style={{ backgroundColor: person.color }}
        >
          <span aria-hidden>{initials(person.name)}</span>
          <span className="sr-only">{person.name}</span>
        </li>
      ))}
    </ul>
  );
};

/**
 * The overlay over the diagram (spec §2 Modeling): back to the list, the canvas's name, 'Add new
 * model', the exports, the history, and Save. Memoised: it stays put while models move.
 */
export const EditorToolbar = memo(
  ({
    name,
    clientName,
    dirty,
    saving,
    exporting,
    onAddModel,
    onSave,
    onShowImport,
    onShowExport,
    onShowHistory,
    onExportImage,
  }: EditorToolbarProps) => (
    <div className="flex flex-wrap items-center gap-2 rounded-xl border border-slate-200 bg-white p-2 shadow-md">
      <Button asChild variant="ghost" size="icon" aria-label="Back to canvases" title="Back">
        <Link to="/experimental/modeling">
          <ChevronLeft aria-hidden />
        </Link>
      </Button>
      <div className="mr-1 min-w-0 max-w-48">
        <h1 className="truncate text-sm font-semibold text-slate-900" title={name}>
          {name}
        </h1>
        <p className="flex items-center gap-1.5 truncate text-xs text-slate-500">
          <span className="truncate">{clientName}</span>
          <span aria-hidden>·</span>
          <span
            role="status"
            className={cn('shrink-0', dirty ? 'font-medium text-amber-700' : 'text-slate-500')}
          >
            {dirty ? 'Unsaved changes' : 'All changes saved'}
          </span>
        </p>
      </div>

      <Button variant="secondary" size="sm" onClick={onAddModel}>
        <Plus aria-hidden />
        Add new model
      </Button>
      {/*
        Import, Export and History are icons (named, with a tooltip), so that the toolbar covers
        as little of the diagram as it can; Import is a button, not a menu item, so that closing
        its dialog gives focus back to it.
      */}
      <ToolIcon label="Import SQL" onClick={onShowImport}>
        <DatabaseZap aria-hidden />
      </ToolIcon>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <ToolIcon label="Export" loading={exporting}>
            {!exporting && <Download aria-hidden />}
          </ToolIcon>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuItem onSelect={onShowExport}>
            <Database aria-hidden />
            SQL, DBML, Prisma, Mermaid…
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onExportImage('png')}>
            <Image aria-hidden />
            PNG image
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onExportImage('svg')}>
            <FileImage aria-hidden />
            SVG image
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ToolIcon label="History" onClick={onShowHistory}>
        <History aria-hidden />
      </ToolIcon>
      <Button size="sm" onClick={onSave} loading={saving}>
        {!saving && <Save aria-hidden />}
        Save
      </Button>
    </div>
  ),
);
EditorToolbar.displayName = 'EditorToolbar';

/**
 * Below the diagram, out of the way of new models and the toolbar: this person's undo and redo,
 * who else is here, and whether changes are waiting for the connection.
 */
export const LiveBar = memo(({ canUndo, canRedo, connection, onUndo, onRedo }: LiveBarProps) => (
  <div className="flex items-center gap-2 rounded-xl border border-slate-200 bg-white p-1.5 shadow-md">
    <ToolIcon label="Undo" onClick={onUndo} disabled={!canUndo}>
      <Undo2 aria-hidden />
    </ToolIcon>
    <ToolIcon label="Redo" onClick={onRedo} disabled={!canRedo}>
      <Redo2 aria-hidden />
    </ToolIcon>
    <PeopleHere />
    {connection && (
      <p
        role="alert"
        className="flex max-w-64 items-center gap-1.5 rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-800"
      >
        <WifiOff aria-hidden className="size-3.5 shrink-0" />
        {connection}
      </p>
    )}
  </div>
));
LiveBar.displayName = 'LiveBar';
