import { useState } from 'react';
import type { Canvas } from '@portal/contract/canvas';
import type { CanvasVersionSummary } from '@portal/contract/canvas-history';
import { LoadFailed } from '../../../components/layout/load-failed';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DateTime } from '../../../components/ui/date-time';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { toastError } from '../../../lib/errors';
import { useCanvasVersions, useRestoreVersion } from '../api/canvas-history';
import { canvasConflict } from '../api/canvases';

const KIND_LABEL: Record<CanvasVersionSummary['kind'], string> = {
  created: 'Created',
  saved: 'Saved',
  imported: 'Imported from SQL',
  restored: 'Restored',
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const VersionRow = ({
  entry,
  current,
  onRestore,
}: {
  entry: CanvasVersionSummary;
  current: boolean;
  onRestore(): void;
}) => (
  <li className="flex items-center gap-3 py-2.5">
    <div className="min-w-0 flex-1">
      <p className="text-sm font-medium text-slate-900">
        Version {entry.version}
        <span className="font-normal text-slate-600">
          {' · '}
          {entry.kind === 'restored' && entry.restored_from !== null
            ? `Restored from version ${entry.restored_from}`
            : KIND_LABEL[entry.kind]}
        </span>
        {current && (
          <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-700">
            Current
          </span>
        )}
      </p>
      <p className="truncate text-xs text-slate-500">
        {entry.saved_by?.name ?? 'Someone'} · <DateTime value={entry.saved_at} /> ·{' '}
        {plural(entry.models, 'model')}
      </p>
    </div>
    {!current && (
      <Button
        variant="secondary"
        size="sm"
        onClick={onRestore}
        aria-label={`Restore version ${entry.version}`}
      >
        Restore
      </Button>
    )}
  </li>
);

/**
 * The canvas's history (issue 29): every version, newest first, each restorable. Restoring saves
 * that diagram as the next version — nothing is lost, the versions between stay — and opens it
 * in the editor; unsaved edits in the editor are named in the question first.
 */
export const HistoryDialog = ({
  open,
  onOpenChange,
  canvasId,
  currentVersion,
  dirty,
  onRestored,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  canvasId: number;
  /** The version the editor holds; the server refuses a restore over a newer one (409). */
  currentVersion: number;
  dirty: boolean;
  onRestored(canvas: Canvas, from: number): void;
}) => {
  const versions = useCanvasVersions(canvasId, open);
  const restore = useRestoreVersion(canvasId);
  const [asked, setAsked] = useState<number | null>(null);
  const entries = versions.data?.pages.flatMap((page) => page.results) ?? [];
  const newest = entries[0]?.version;

  const confirm = () => {
    if (asked === null) return;
    restore.mutate(
      { restore: asked, current: currentVersion },
      {
        onSuccess: (canvas) => {
          setAsked(null);
          onRestored(canvas, asked);
        },
        onError: (error) => {
          setAsked(null);
          if (canvasConflict(error))
            toast.error(
              'This canvas was saved by someone else meanwhile. Reload it, then restore again.',
            );
          else toastError(error);
        },
      },
    );
  };

  const body = versions.isPending ? (
    <Spinner label="Loading the history" />
  ) : versions.isError ? (
    <LoadFailed what="The history" onRetry={() => void versions.refetch()} />
  ) : (
    <>
      <ul aria-label="Versions" className="max-h-[60vh] divide-y divide-slate-100 overflow-y-auto">
        {entries.map((entry) => (
          <VersionRow
            key={entry.version}
            entry={entry}
            current={entry.version === newest}
            onRestore={() => setAsked(entry.version)}
          />
        ))}
      </ul>
      {versions.hasNextPage && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2 self-start"
          loading={versions.isFetchingNextPage}
          onClick={() => void versions.fetchNextPage()}
        >
          Show older versions
        </Button>
      )}
    </>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="History"
      description="Every saved version of this canvas. Restoring one saves it as a new version."
      className="max-w-lg"
    >
      <div className="flex flex-col">{body}</div>
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(next) => !next && setAsked(null)}
        title={`Restore version ${asked ?? ''}?`}
        message={
          dirty
            ? `Your unsaved changes will be lost. The canvas becomes version ${currentVersion + 1} with the diagram of version ${asked ?? ''}; every version stays in the history.`
            : `The canvas becomes version ${currentVersion + 1} with the diagram of version ${asked ?? ''}; every version stays in the history.`
        }
        confirmLabel="Restore"
        pending={restore.isPending}
        onConfirm={confirm}
      />
    </Dialog>
  );
};
