import { useSyncExternalStore } from 'react';
import { loadedToastStack, setToastStackLoader, subscribeToastStack } from '../../lib/toast';

// The facade lives in lib/ (lib/errors.ts toasts too, and lib/ must not import components/); the
// names stay exported from here, where the features have always imported them.
export { TOAST_DURATION, toast, type ToastKind } from '../../lib/toast';

setToastStackLoader(() => import('./toast-stack'));

/** Mounted once by the app shell; renders nothing until the first toast. */
export const Toaster = () => {
  const stack = useSyncExternalStore(subscribeToastStack, loadedToastStack, () => null);
  return stack ? <stack.ToastStack /> : null;
};
