import { CANVAS_CONFLICT_MESSAGE } from '@portal/contract/canvas';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/**
 * A save answered 409: someone saved the canvas since this editor loaded it (decision 0013).
 * Never a silent overwrite: reload their version, overwrite it knowingly, or keep editing.
 */
export const SaveConflictDialog = ({
  open,
  onOpenChange,
  detail,
  reloading,
  overwriting,
  onReload,
  onOverwrite,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  detail: string | null;
  reloading: boolean;
  overwriting: boolean;
  onReload(): void;
  onOverwrite(): void;
}) => (
  <Dialog
    open={open}
    onOpenChange={(next) => (reloading || overwriting ? undefined : onOpenChange(next))}
    title="This canvas was changed elsewhere"
    className="max-w-md"
    footer={
      <>
        <Button
          variant="secondary"
          disabled={reloading || overwriting}
          onClick={() => onOpenChange(false)}
        >
          Keep editing
        </Button>
        <Button variant="danger" loading={overwriting} disabled={reloading} onClick={onOverwrite}>
          Save anyway
        </Button>
        <Button loading={reloading} disabled={overwriting} onClick={onReload}>
          Reload
        </Button>
      </>
    }
  >
    <div className="flex flex-col gap-2 leading-relaxed text-slate-600">
      <p className="font-medium text-slate-800">{detail || CANVAS_CONFLICT_MESSAGE}</p>
      <p>
        Your changes were not saved. Reload to see their version; your unsaved changes will be lost.
        Save anyway replaces their version with yours.
      </p>
    </div>
  </Dialog>
);
