import { useEffect } from 'react';

/** Where a typed `?` is text, not a shortcut. */
const isTypingTarget = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target.closest('input, textarea, select, [contenteditable="true"], [role="textbox"]') !== null);

/**
 * Ctrl/Cmd-K toggles the command palette from anywhere, fields included (as in Linear or
 * GitHub); `?` opens the shortcuts, except while typing, where it is just a character.
 */
export const useGlobalShortcuts = (handlers: { onPalette(): void; onShortcuts(): void }) => {
  const { onPalette, onShortcuts } = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        onPalette();
        return;
      }
      if (event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey) {
        if (isTypingTarget(event.target)) return;
        // A dialog already open keeps the keyboard (its own fields, its own Esc).
        if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
        event.preventDefault();
        onShortcuts();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onPalette, onShortcuts]);
};
