import { useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { cn } from './cn';

export type DialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
  /**
   * Where focus goes on closing when the element that had it is gone (a deleted row's), or when
   * nothing had it (a dialog a shortcut opened).
   */
  focusFallback?: () => HTMLElement | null | undefined;
};

const overlayClasses =
  'fixed inset-0 z-50 bg-slate-900/40 backdrop-blur-[2px] data-[state=closed]:animate-[fade-out_150ms_ease-in] data-[state=open]:animate-[fade-in_150ms_ease-out]';

const FIELD =
  'input:not([type=hidden]):not([disabled]):not([readonly]), textarea:not([disabled]):not([readonly]), select:not([disabled])';

/**
 * A form opens with focus on its first field, but with nothing selected (Radix would select
 * the field's text, and the next key typed would replace it). Other dialogs keep Radix's
 * default: their first button.
 */
const focusFirstField = (event: Event) => {
  const container = event.target instanceof HTMLElement ? event.target : null;
  const field = container?.querySelector<HTMLElement>(FIELD);
  if (!field) return;
  event.preventDefault();
  field.focus({ preventScroll: true });
};

/**
 * Radix returns focus to its `Dialog.Trigger`, and these dialogs are opened from state without
 * one, so focus would land on <body>. Put it back where it was when the dialog opened instead.
 */
export const useReturnFocus = (fallback?: () => HTMLElement | null | undefined) => {
  const previous = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      // Opened by a shortcut with nothing focused, the "opener" is <body>: giving focus back to
      // it drops a keyboard user at the top of the page (issue 26), so the fallback has it.
      const active = document.activeElement;
      previous.current = active instanceof HTMLElement && active !== document.body ? active : null;
      focusFirstField(event);
    },
    onCloseAutoFocus: (event: Event) => {
      // Radix calls this a task after the dialog has gone: focus placed on the page meanwhile
      // (a click, a shortcut's target) stays where it is. Focus inside a dialog around this one
      // is that dialog's trap catching it, not a choice: it goes where it belongs.
      const now = document.activeElement;
      if (
        now instanceof HTMLElement &&
        now !== document.body &&
        now.isConnected &&
        !now.closest('[role="dialog"], [role="alertdialog"]')
      ) {
        event.preventDefault();
        return;
      }
      // The opener may be gone (the row just deleted): then its neighbour, when one is named.
      const target = previous.current?.isConnected ? previous.current : fallback?.();
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
};

export type DialogFrameClasses = {
  content: string;
  header: string;
  body: string;
  footer: string;
};

/**
 * A toast sits above every dialog (its Undo is pressed while a drawer is still open, after a
 * comment was deleted in it): pressing it is not a click outside that closes the dialog.
 */
const keepOpenForToasts = (event: { target: EventTarget | null; preventDefault(): void }) => {
  if (event.target instanceof Element && event.target.closest('[data-sonner-toaster]'))
    event.preventDefault();
};

/**
 * What Dialog and Drawer share: a modal Radix dialog (overlay, focus trap, Escape) with a title,
 * an optional description, body and footer, a close button, and focus given back to its opener.
 * Only the geometry differs, through `frame`.
 */
export const DialogFrame = ({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  className,
  focusFallback,
  frame,
}: DialogProps & { frame: DialogFrameClasses }) => {
  const returnFocus = useReturnFocus(focusFallback);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClasses} />
        <DialogPrimitive.Content
          {...returnFocus}
          onInteractOutside={keepOpenForToasts}
          // Without a description Radix warns unless aria-describedby is explicitly cleared.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(frame.content, className)}
        >
          <div className={frame.header}>
            <div className="min-w-0">
              <DialogPrimitive.Title className="text-base font-semibold text-slate-900">
                {title}
              </DialogPrimitive.Title>
              {description && (
                <DialogPrimitive.Description className="mt-1 text-sm text-slate-500">
                  {description}
                </DialogPrimitive.Description>
              )}
            </div>
          </div>
          {children !== undefined && <div className={frame.body}>{children}</div>}
          {footer && <div className={frame.footer}>{footer}</div>}
          {/* Last in the DOM, so opening focuses the content rather than the close button. */}
          <DialogPrimitive.Close
            aria-label="Close"
            className="absolute top-4 right-4 inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-600"
          >
            <X aria-hidden className="size-4" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
};

const dialogFrame: DialogFrameClasses = {
  content: cn(
    'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none',
    'data-[state=closed]:animate-[dialog-out_150ms_ease-in] data-[state=open]:animate-[dialog-in_180ms_ease-out]',
  ),
  header: 'px-6 pt-5 pr-14 pb-1',
  body: 'min-h-0 flex-1 overflow-y-auto px-6 py-3 text-sm text-slate-700',
  footer:
    'mt-2 flex flex-wrap items-center justify-end gap-2 rounded-b-xl border-t border-slate-100 bg-slate-50/70 px-6 py-3',
};

export const Dialog = (props: DialogProps) => <DialogFrame {...props} frame={dialogFrame} />;
