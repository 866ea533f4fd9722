import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { clsx } from 'clsx';
import { Toaster as SonnerToaster, toast as sonnerToast } from 'sonner';
import { TOAST_DURATION, type ToastKind } from '../../lib/toast';

type ToastId = string | number;

const kinds: Record<ToastKind, { icon: typeof Info; accent: string; label: string }> = {
  success: {
    icon: CircleCheck,
    accent: 'text-emerald-600 before:bg-emerald-500',
    label: 'Success',
  },
  error: { icon: CircleAlert, accent: 'text-red-600 before:bg-red-500', label: 'Error' },
  info: { icon: Info, accent: 'text-brand-600 before:bg-brand-500', label: 'Information' },
  warning: { icon: TriangleAlert, accent: 'text-amber-600 before:bg-amber-500', label: 'Warning' },
};

/**
 * The card's frame: the accent bar on its left, the width sonner gives it. Joined with clsx, not
 * merged: no class here overrides another, and a toast may show on a visitor screen, which must
 * not download tailwind-merge with the signed-in app (decision 0058).
 */
const cardClasses = (accent: string) =>
  clsx(
    'relative flex w-[var(--width)] max-w-[calc(100vw-2rem)] gap-3 overflow-hidden rounded-lg border border-slate-200 bg-white pl-4 text-left shadow-lg ring-1 ring-slate-900/5',
    'before:absolute before:inset-y-0 before:left-0 before:w-1',
    accent,
  );

/** The kind (said to screen readers) and the message. */
const ToastMessage = ({ label, message }: { label: string; message: ReactNode }) => (
  <span className="min-w-0 flex-1 text-sm leading-5 font-medium break-words text-slate-800">
    <span className="sr-only">{label}: </span>
    {message}
  </span>
);

type ToastCardProps = { id: ToastId; kind: ToastKind; message: ReactNode };

/** The whole card is one button so a click anywhere on the toast dismisses it (spec §2). */
const ToastCard = ({ id, kind, message }: ToastCardProps) => {
  const { icon: Icon, accent, label } = kinds[kind];
  return (
    <button
      type="button"
      data-toast-kind={kind}
      onClick={() => sonnerToast.dismiss(id)}
      className={clsx(
        cardClasses(accent),
        'cursor-pointer items-start py-3 pr-3',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
      )}
    >
      <Icon aria-hidden className="mt-px size-5 shrink-0" />
      <ToastMessage label={label} message={message} />
      <X aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-400" />
    </button>
  );
};

export const showToast = (kind: ToastKind, message: ReactNode) => {
  sonnerToast.custom((id) => <ToastCard id={id} kind={kind} message={message} />, {
    duration: TOAST_DURATION,
  });
};

/**
 * A success toast with an Undo button. Not one big button like the others: it holds two
 * (Undo, and the cross that dismisses it), which a button may not contain.
 */
const UndoToastCard = ({
  id,
  message,
  onUndo,
}: {
  id: ToastId;
  message: ReactNode;
  onUndo(): void;
}) => {
  const { icon: Icon, accent, label } = kinds.success;
  return (
    <div
      role="status"
      data-toast-kind="success"
      className={clsx(cardClasses(accent), 'items-center py-2.5 pr-2')}
    >
      <Icon aria-hidden className="size-5 shrink-0" />
      <ToastMessage label={label} message={message} />
      <button
        type="button"
        onClick={() => {
          sonnerToast.dismiss(id);
          onUndo();
        }}
        className="shrink-0 cursor-pointer rounded-md px-2.5 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        Undo
      </button>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={() => sonnerToast.dismiss(id)}
        className="shrink-0 cursor-pointer rounded-md p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
};

export const showUndoToast = (message: ReactNode, onUndo: () => void) => {
  let undone = false;
  const id = sonnerToast.custom(
    (id) => (
      <UndoToastCard
        id={id}
        message={message}
        onUndo={() => {
          if (undone) return;
          undone = true;
          onUndo();
        }}
      />
    ),
    { duration: TOAST_DURATION },
  );
  return () => void sonnerToast.dismiss(id);
};

export const dismissToasts = () => {
  sonnerToast.dismiss();
};

/** Sonner's stack; it also shows the toasts raised before it mounted. */
export const ToastStack = () => (
  <SonnerToaster
    position="top-center"
    duration={TOAST_DURATION}
    visibleToasts={5}
    gap={10}
    offset={{ top: 16 }}
    containerAriaLabel="Notifications"
  />
);
