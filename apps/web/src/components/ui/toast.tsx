import { useSyncExternalStore, type ReactNode } from 'react';
import type * as StackModule from './toast-stack';

/** Spec §9: a toast lives 10 s unless clicked away first. */
export const TOAST_DURATION = 10_000;

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

type Stack = typeof StackModule;

// The toast code (sonner) arrives with the first toast rather than with the first page: most
// visits, to /login above all, never show one (DESIGN §6 budget).
let loading: Promise<Stack> | null = null;
let loaded: Stack | null = null;
const listeners = new Set<() => void>();

const loadStack = (): Promise<Stack> => {
  loading ??= import('./toast-stack').then(
    (stack) => {
      loaded = stack;
      for (const notify of listeners) notify();
      return stack;
    },
    (error: unknown) => {
      loading = null; // offline for a moment: the next toast tries again
      throw error;
    },
  );
  return loading;
};

const show = (kind: ToastKind, message: ReactNode) => {
  loadStack().then(
    (stack) => stack.showToast(kind, message),
    (error: unknown) => console.error('Could not show a toast:', message, error),
  );
};

export const toast = {
  success: (message: ReactNode) => show('success', message),
  error: (message: ReactNode) => show('error', message),
  info: (message: ReactNode) => show('info', message),
  warning: (message: ReactNode) => show('warning', message),
  /** Closes every toast. */
  dismiss: () => {
    // After any toast still on its way, so that it is closed too.
    void loading?.then((stack) => stack.dismissToasts()).catch(() => undefined);
  },
};

const subscribe = (notify: () => void) => {
  listeners.add(notify);
  return () => listeners.delete(notify);
};

/** Mounted once by the app shell; renders nothing until the first toast. */
export const Toaster = () => {
  const stack = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
  return stack ? <stack.ToastStack /> : null;
};
