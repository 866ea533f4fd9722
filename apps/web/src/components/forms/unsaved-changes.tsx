import { useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { UNSAFE_DataRouterContext, useBlocker, type BlockerFunction } from 'react-router';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useBeforeUnload } from '../../lib/use-before-unload';

export const DISCARD_TITLE = 'Discard unsaved changes?';
export const DISCARD_MESSAGE = 'Your changes have not been saved. Close without saving them?';

/**
 * Blocks in-app navigation (links, Back) while `armed()` says so, and hands the blocked
 * navigation to `onBlocked`. Only inside a data router: forms are also rendered on their own
 * (unit tests, the style guide), where there is no navigation to guard.
 */
const NavigationGuard = ({
  armed,
  onBlocked,
}: {
  armed(): boolean;
  onBlocked(proceed: () => void, reset: () => void): void;
}) => {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      armed() &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
    [armed],
  );
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state === 'blocked') onBlocked(blocker.proceed, blocker.reset);
  }, [blocker, onBlocked]);
  return null;
};

/**
 * Never lose an edit (issue 19): while a drawer or dialog is open with unsaved changes, closing
 * it (Escape, Cancel, the close button, a click outside), navigating in the app (links, Back)
 * and leaving the page (`beforeunload`) ask first. `requestClose` is what the frame's close
 * calls; `release()` is called once the changes are saved or deleted, so the closing that
 * follows does not ask; `prompt` is the question, rendered once beside the form.
 */
export const useUnsavedChanges = ({
  open,
  dirty,
  onOpenChange,
}: {
  open: boolean;
  dirty: boolean;
  onOpenChange(open: boolean): void;
}) => {
  const released = useRef(false);
  const live = useRef({ open, dirty });
  useEffect(() => {
    live.current = { open, dirty };
  }, [open, dirty]);
  const armed = useCallback(() => live.current.open && live.current.dirty && !released.current, []);
  // Released for one opening: a dialog kept mounted asks again the next time it is opened.
  useEffect(() => {
    if (open) released.current = false;
  }, [open]);
  // What "Discard" does: close the form, or let the blocked navigation through.
  const [pending, setPending] = useState<{ discard(): void; keep(): void } | null>(null);
  const inRouter = useContext(UNSAFE_DataRouterContext) !== null;

  useBeforeUnload(open && dirty, armed, DISCARD_MESSAGE);

  const release = useCallback(() => {
    released.current = true;
  }, []);

  const requestClose = (next: boolean) => {
    if (next || !armed()) return onOpenChange(next);
    setPending({
      discard: () => {
        release();
        onOpenChange(false);
      },
      keep: () => undefined,
    });
  };

  const onBlocked = useCallback(
    (proceed: () => void, reset: () => void) =>
      setPending({
        discard: () => {
          release();
          proceed();
        },
        keep: reset,
      }),
    [release],
  );

  const prompt: ReactNode = (
    <>
      {inRouter && <NavigationGuard armed={armed} onBlocked={onBlocked} />}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(stillOpen) => {
          if (stillOpen) return;
          pending?.keep();
          setPending(null);
        }}
        title={DISCARD_TITLE}
        message={DISCARD_MESSAGE}
        cancelLabel="Keep editing"
        confirmLabel="Discard"
        danger
        onConfirm={() => {
          const discard = pending?.discard;
          setPending(null);
          discard?.();
        }}
      />
    </>
  );

  return { requestClose, release, prompt };
};
