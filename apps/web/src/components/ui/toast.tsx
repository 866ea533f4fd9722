import { useSyncExternalStore } from 'react';
import { loadedToastStack, setToastStackLoader, subscribeToastStack } from '../../lib/toast';

// The facade lives in lib/ (lib/errors.ts toasts too, and lib/ must not import components/); the
// names stay exported from here, where the features have always imported them.
export { TOAST_DURATION, toast, type ToastKind } from '../../lib/toast';

setToastStackLoader(() => import('./toast-stack'));

/**
 * Mounted once by the app shell; renders nothing until the first toast. The wrapper is there
 * from the start for screen readers: an open dialog hides the rest of the page from them
 * (Radix's `hideOthers`) but keeps every `[aria-live]` element and its ancestors, and the stack
 * mounting later inside a hidden page would be silent, its Undo unreachable, while a drawer is
 * open. `off`: sonner's own region inside announces; `contents`: it takes no box.
 */
export const Toaster = () => {
  const stack = useSyncExternalStore(subscribeToastStack, loadedToastStack, () => null);
  return (
    <div aria-live="off" className="contents">
      {stack ? <stack.ToastStack /> : null}
    </div>
  );
};
