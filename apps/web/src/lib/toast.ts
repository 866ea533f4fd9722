import type { ComponentType, ReactNode } from 'react';

/** Spec §9: a toast lives 10 s unless clicked away first. */
export const TOAST_DURATION = 10_000;

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

/** What the toast widgets (`components/ui/toast-stack.tsx`) offer once their code has loaded. */
export type ToastStack = {
  showToast: (kind: ToastKind, message: ReactNode) => void;
  /** Shows the toast; the function returned closes it. */
  showUndoToast: (message: ReactNode, onUndo: () => void) => () => void;
  dismissToasts: () => void;
  ToastStack: ComponentType;
};

// lib/ must not depend on the widgets above it (docs/architecture.md), so the widget layer hands
// in how to load them: `components/ui/toast.tsx`, which the app shell imports for <Toaster />.
// A toast raised before that waits for it.
let provideLoader: (load: () => Promise<ToastStack>) => void = () => undefined;
const loader = new Promise<() => Promise<ToastStack>>((resolve) => {
  provideLoader = resolve;
});

/** Called once by `components/ui/toast.tsx`; later calls are ignored. */
export const setToastStackLoader = (load: () => Promise<ToastStack>) => provideLoader(load);

// The toast code (sonner) arrives with the first toast rather than with the first page: most
// visits, to /login above all, never show one (DESIGN §6 budget).
let loading: Promise<ToastStack> | null = null;
let loaded: ToastStack | null = null;
const listeners = new Set<() => void>();

const loadStack = (): Promise<ToastStack> => {
  loading ??= loader
    .then((load) => load())
    .then(
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
  /**
   * A success with an Undo button, for a delete the data allows to take back (issue 19): the
   * toast's usual life, and `onUndo` runs at most once, when Undo is pressed. Returns what closes
   * this toast early (the same Undo was offered elsewhere too and taken there).
   */
  undoable: (message: ReactNode, onUndo: () => void) => {
    let closed = false;
    let close = () => {
      closed = true;
    };
    loadStack().then(
      (stack) => {
        if (!closed) close = stack.showUndoToast(message, onUndo);
      },
      (error: unknown) => console.error('Could not show a toast:', message, error),
    );
    return () => close();
  },
  /** Closes every toast. */
  dismiss: () => {
    // After any toast still on its way, so that it is closed too.
    void loading?.then((stack) => stack.dismissToasts()).catch(() => undefined);
  },
};

/** For <Toaster />: told when the toast code has loaded. */
export const subscribeToastStack = (notify: () => void) => {
  listeners.add(notify);
  return () => listeners.delete(notify);
};

/** The toast code, once loaded; null before the first toast. */
export const loadedToastStack = (): ToastStack | null => loaded;
