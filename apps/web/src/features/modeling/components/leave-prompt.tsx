import { memo, useCallback, useEffect } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

export const LEAVE_MESSAGE = 'Are you sure you want to leave? Any unsaved changes will be lost.';

/**
 * Spec §2: leaving with unsaved changes asks first — in the app (links, the back button, the
 * browser's back) through the confirm dialog, and when the tab closes or reloads through the
 * browser's own `beforeunload` prompt (browsers show their own text there).
 */
export const LeavePrompt = memo(({ when }: { when: boolean }) => {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname,
    [when],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only with returnValue set.
      event.returnValue = LEAVE_MESSAGE;
      return LEAVE_MESSAGE;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

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
