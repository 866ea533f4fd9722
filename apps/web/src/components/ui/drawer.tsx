import { cn } from './cn';
import { DialogFrame, type DialogFrameClasses, type DialogProps } from './dialog';

export type DrawerProps = DialogProps;

const drawerFrame: DialogFrameClasses = {
  content: cn(
    'fixed inset-y-0 right-0 z-50 flex h-dvh w-full max-w-md flex-col border-l border-slate-200 bg-white shadow-2xl focus:outline-none',
    'data-[state=closed]:animate-[drawer-out_200ms_ease-in] data-[state=open]:animate-[drawer-in_250ms_cubic-bezier(0.16,1,0.3,1)]',
  ),
  header: 'border-b border-slate-200 py-4 pr-14 pl-6',
  body: 'min-h-0 flex-1 overflow-y-auto px-6 py-5 text-sm text-slate-700',
  // Pinned to the bottom even when there is no body to push it there.
  footer:
    'mt-auto flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-slate-50/70 px-6 py-3',
};

/** A modal panel sliding in from the right: a Radix Dialog, so focus is trapped and Escape closes. */
export const Drawer = (props: DrawerProps) => <DialogFrame {...props} frame={drawerFrame} />;
