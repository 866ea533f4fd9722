import { useCallback, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { cn } from '../ui/cn';
import { mentionLabel, mentionsToData, type MentionPerson } from './mentions';

/** A person a comment may mention: the picker shows the name and the address. */
export type MentionCandidate = MentionPerson & { id: number };

const SHOWN = 6;
/** `@` at the start or after a space, then what has been typed of the name so far. */
const TYPING = /(^|\s)@([^\s@]*)$/;

type Open = { start: number; query: string };
const LIST_KEYS = ['ArrowDown', 'ArrowUp', 'Enter', 'Tab', 'Escape'];

/**
 * Whether what was typed after `@` starts one of the person's names or their email. Not a
 * substring anywhere: "@le" must find Lee, not everyone whose email ends in ".example".
 */
const matches = (person: MentionCandidate, query: string) => {
  const q = query.toLowerCase();
  const words = [...person.name.toLowerCase().split(/\s+/), person.email.toLowerCase()];
  return words.some((word) => word.startsWith(q));
};

/**
 * Mentions in a text box: typing `@` opens a list of the people who may be mentioned, narrowed
 * as one types; ↑/↓ move, Enter or Tab pick, Escape closes; the box keeps the focus throughout
 * (`aria-activedescendant`). Picking inserts `@Name`; `toData` turns the names picked back
 * into the `@email` the server reads, when the text is sent.
 */
export const useMentionPicker = ({
  people,
  box,
  onInsert,
}: {
  people: readonly MentionCandidate[] | undefined;
  box: RefObject<HTMLTextAreaElement | null>;
  /** Sets the box's new value (the form owns it). */
  onInsert(value: string): void;
}) => {
  const listId = useId();
  const [open, setOpen] = useState<Open | null>(null);
  const [active, setActive] = useState(0);
  const picked = useRef<MentionPerson[]>([]);
  const shown = open && people ? people.filter((p) => matches(p, open.query)).slice(0, SHOWN) : [];
  const expanded = shown.length > 0;

  /** Reads the text before the caret after each change or caret move. */
  const track = () => {
    const el = box.current;
    if (!el || !people?.length) return;
    const before = el.value.slice(0, el.selectionStart);
    const typed = TYPING.exec(before);
    if (!typed) {
      setOpen(null);
      return;
    }
    const query = typed[2] ?? '';
    setOpen((current) => {
      if (current?.query !== query) setActive(0);
      return { start: before.length - query.length - 1, query };
    });
  };

  const pick = (person: MentionCandidate) => {
    const el = box.current;
    if (!el || !open) return;
    const caret = el.selectionStart;
    const inserted = `${mentionLabel(person)} `;
    picked.current = [...picked.current, person];
    const value = el.value.slice(0, open.start) + inserted + el.value.slice(caret);
    onInsert(value);
    setOpen(null);
    const at = open.start + inserted.length;
    // The form wrote the new value into the box already: the caret goes after the mention.
    el.focus();
    el.setSelectionRange(at, at);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!expanded) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + shown.length) % shown.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      const person = shown[active];
      if (!person) return;
      event.preventDefault();
      pick(person);
    } else if (event.key === 'Escape') {
      // Closes the list, not the drawer around the box.
      event.preventDefault();
      event.stopPropagation();
      setOpen(null);
    }
  };

  const optionId = (i: number) => `${listId}-option-${i}`;
  /** The text as it is sent: the names picked are `@email` again. */
  const toData = useCallback((text: string) => mentionsToData(text, picked.current), []);
  /** After a send: the next text starts with nobody picked. */
  const forget = useCallback(() => {
    picked.current = [];
  }, []);
  return {
    toData,
    forget,
    /** Spread on the text box, beside the form's own props. */
    boxProps: {
      onKeyDown,
      // The keys the list handles leave it as they made it (a pick, a close).
      onKeyUp: (event: KeyboardEvent<HTMLTextAreaElement>) => {
        if (!LIST_KEYS.includes(event.key)) track();
      },
      onClick: track,
      onBlur: () => setOpen(null),
      // No aria-expanded: a <textarea> is a textbox, which does not take it (axe, critical).
      'aria-autocomplete': 'list' as const,
      'aria-controls': expanded ? listId : undefined,
      'aria-activedescendant': expanded ? optionId(active) : undefined,
    },
    list: expanded ? (
      <ul
        id={listId}
        role="listbox"
        aria-label="People to mention"
        className="absolute inset-x-0 top-full z-10 mt-1 max-h-60 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg"
      >
        {shown.map((person, i) => (
          <li
            key={person.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // The box keeps the focus: a mouse pick must not blur it first.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(person);
            }}
            onMouseEnter={() => setActive(i)}
            className={cn(
              'flex cursor-pointer flex-col rounded px-2.5 py-1.5',
              i === active ? 'bg-brand-50 text-brand-700' : 'text-slate-700',
            )}
          >
            <span className="font-medium">{person.name}</span>
            <span className="text-xs text-slate-500">{person.email}</span>
          </li>
        ))}
      </ul>
    ) : null,
  };
};
