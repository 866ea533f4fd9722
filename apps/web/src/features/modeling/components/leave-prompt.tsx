import { memo, useCallback } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useBeforeUnload } from '../../../lib/use-before-unload';

export const LEAVE_MESSAGE = 'Are you sure you want to leave? Any unsaved changes will be lost.';

export type LeavePromptProps = {
  /** Whether there may be unsaved changes at all; without, nothing is watched. */
  armed: boolean;
  /** Whether there are, asked only when someone leaves (it may compare whole diagrams). */
  isDirty(): boolean;
};

/**
 * Spec §2: leaving with unsaved changes asks first — in the app (links, the back button, the
 * browser's back, logging out) through the confirm dialog, and when the tab closes or reloads
 * through the browser's own `beforeunload` prompt (browsers show their own text there).
 */
export const LeavePrompt = memo(({ armed, isDirty }: LeavePromptProps) => {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      armed && currentLocation.pathname !== nextLocation.pathname && isDirty(),
    [armed, isDirty],
  );
  const blocker = useBlocker(shouldBlock);

  useBeforeUnload(armed, isDirty, LEAVE_MESSAGE);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title="Leave this canvas?"
      message={LEAVE_MESSAGE}
      confirmLabel="Leave"
      danger
      onConfirm={() => {
        if (blocker.state === 'blocked') blocker.proceed();
      }}
    />
  );
});
LeavePrompt.displayName = 'LeavePrompt';
