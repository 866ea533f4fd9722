import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  message: ReactNode;
  /** Defaults to 'Confirm' (spec §2). */
  confirmLabel?: string;
  /** Defaults to 'Cancel'. */
  cancelLabel?: string;
  /** A dangerous action gets a red confirm button. */
  danger?: boolean;
  pending?: boolean;
  onConfirm(): void;
  /** Where focus goes when the confirmed action removed the button that opened the dialog. */
  focusFallback?: () => HTMLElement | null | undefined;
};

export const ConfirmDialog = ({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  danger = false,
  pending = false,
  onConfirm,
  focusFallback,
}: ConfirmDialogProps) => (
  <Dialog
    focusFallback={focusFallback}
    open={open}
    // Keep the dialog up while the action runs, so its outcome is not hidden.
    onOpenChange={(next) => (pending && !next ? undefined : onOpenChange(next))}
    title={title}
    className="max-w-md"
    footer={
      <>
        <Button variant="secondary" disabled={pending} onClick={() => onOpenChange(false)}>
          {cancelLabel}
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </>
    }
  >
    <div className="leading-relaxed text-slate-600">{message}</div>
  </Dialog>
);
