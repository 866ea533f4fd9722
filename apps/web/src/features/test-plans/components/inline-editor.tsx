import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Check, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { controlClasses } from '../../../components/ui/input';
import { inlineEditAction, inlineEditResult } from '../lib/inline-edit';

/** What saved: Enter (or the Save button), or leaving the field. */
export type SaveVia = 'key' | 'blur';

export type InlineEditorProps = {
  /** The text being edited ('' for something new). */
  initial: string;
  /** The field's accessible name, e.g. 'Flow name'. */
  label: string;
  /** A step's description: several lines (Shift+Enter), and the box grows with its text. */
  multiline?: boolean;
  /** Spec §4: leaving a step's editor saves a non-empty description; elsewhere it cancels. */
  saveOnBlur?: boolean;
  placeholder?: string;
  maxLength: number;
  /** While a save is on its way: the text stays, the editor waits (Escape still closes it). */
  pending?: boolean;
  hint?: string;
  /** Called with the trimmed, non-empty, changed text, and whether leaving the field saved it. */
  onSave(value: string, via: SaveVia): void;
  /** Escape, or leaving an empty or unchanged editor: nothing is saved. */
  onCancel(): void;
  className?: string;
};

// Whether a mouse button, finger or pen is down right now (see onBlur).
let pointerIsDown = false;
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pointerIsDown = true), true);
  for (const type of ['pointerup', 'pointercancel'])
    document.addEventListener(type, () => (pointerIsDown = false), true);
}

/** Grows a textarea with its content, so a long description needs no inner scrolling. */
const fitHeight = (element: HTMLTextAreaElement | null) => {
  if (!element) return;
  element.style.height = 'auto';
  element.style.height = `${element.scrollHeight + 2}px`;
};

/**
 * Inline editing of a flow name or a step description (spec §4): Enter saves and Escape cancels;
 * a step's editor takes Shift+Enter as a new line and saves a non-empty text when left. Empty or
 * unchanged text is never saved. The Save and Cancel buttons do the same for pointer and touch
 * users (they keep the focus in the field, so pressing them is not a blur).
 */
export const InlineEditor = ({
  initial,
  label,
  multiline = false,
  saveOnBlur = false,
  placeholder,
  maxLength,
  pending = false,
  hint,
  onSave,
  onCancel,
  className,
}: InlineEditorProps) => {
  const [draft, setDraft] = useState(initial);
  const field = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  // A save or cancel ends the editor once; the blur that unmounting causes must not act again.
  const done = useRef(false);
  const hintId = useId();

  // Before the browser paints, so that keys typed right after opening land in the field.
  useLayoutEffect(() => {
    const element = field.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
    if (multiline) fitHeight(element);
  }, [multiline]);

  // A failed save leaves the editor open, to try again or cancel.
  useEffect(() => {
    if (!pending) done.current = false;
  }, [pending]);

  const finish = (how: 'save' | 'cancel', via: SaveVia = 'key') => {
    if (done.current || pending) return;
    const result = inlineEditResult(draft, initial);
    done.current = true;
    if (how === 'save' && result.kind === 'save') {
      onSave(result.value, via);
      return;
    }
    onCancel();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const action = inlineEditAction(
      { key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing },
      { multiline },
    );
    if (!action) return;
    event.preventDefault();
    // Escape closes the editor only, not a dialog or menu around it.
    event.stopPropagation();
    // Escape while a save is on its way closes the editor: what is being saved is saved.
    if (action === 'cancel' && pending) {
      done.current = true;
      onCancel();
      return;
    }
    finish(action);
  };

  const onBlur = () => {
    if (pending) return;
    const leave = () => finish(saveOnBlur ? 'save' : 'cancel', 'blur');
    // A press elsewhere blurs on the way down; closing the editor then would move what lies
    // below it, and the press would end on something else. Close once the click is over.
    if (pointerIsDown)
      window.addEventListener('pointerup', () => setTimeout(leave), { once: true });
    else leave();
  };

  const common = {
    ref: field,
    value: draft,
    'aria-label': label,
    'aria-describedby': hint ? hintId : undefined,
    placeholder,
    maxLength,
    readOnly: pending,
    onKeyDown,
    onBlur,
  };

  return (
    <div className={cn('flex min-w-0 flex-1 flex-col gap-1.5', className)}>
      <div className="flex min-w-0 items-start gap-1.5">
        {multiline ? (
          <textarea
            {...common}
            rows={1}
            onChange={(event) => {
              setDraft(event.target.value);
              fitHeight(event.target);
            }}
            className={cn(
              controlClasses(),
              'max-h-[60vh] min-h-9 resize-none py-1.5 leading-relaxed',
              pending && 'opacity-70',
            )}
          />
        ) : (
          <input
            {...common}
            type="text"
            onChange={(event) => setDraft(event.target.value)}
            className={cn(controlClasses(), 'h-9 py-1.5 font-medium', pending && 'opacity-70')}
          />
        )}
        <Button
          variant="ghost"
          size="icon"
          aria-label="Save"
          loading={pending}
          // Pressing it must not blur the field first (a blur would cancel or save on its own).
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => finish('save')}
          className="text-emerald-700 hover:bg-emerald-50 hover:text-emerald-800"
        >
          {!pending && <Check aria-hidden />}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Cancel"
          disabled={pending}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => finish('cancel')}
        >
          <X aria-hidden />
        </Button>
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
};
