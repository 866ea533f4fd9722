import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { MessageSquare, RotateCw, Trash2 } from 'lucide-react';
import { isBlank } from '@portal/contract/fields';
import { DateTime } from '../ui/date-time';
import { applyFormErrors, toastError } from '../../lib/errors';
import { FormError } from '../layout/form-error';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Spinner } from '../ui/spinner';
import { Textarea } from '../ui/textarea';
import { TOAST_DURATION, toast } from '../ui/toast';
import { useMentionPicker, type MentionCandidate } from './mention-picker';
import { splitMentions } from './mentions';

/** One comment as a thread shows it, whatever area it belongs to. */
export type ThreadComment = {
  id: number;
  /** The author's email; null once the author's account is gone. */
  author: string | null;
  createdAt: string;
  text: string;
  canDelete: boolean;
};

/** The parts of a query result the thread reads (TanStack Query's `UseQueryResult` fits). */
export type ThreadQuery = {
  isPending: boolean;
  isError: boolean;
  data: readonly ThreadComment[] | undefined;
  refetch(): unknown;
};

type CommentThreadProps = {
  comments: ThreadQuery;
  /** Posts the text; a 400 on `textField` lands under the box, anything else as a toast. */
  onCreate(text: string): Promise<unknown>;
  onDelete(id: number): Promise<unknown>;
  /** Undo of a delete: brings the comment back as it was (decision 0027). */
  onRestore(id: number): Promise<unknown>;
  /** The server's name for the text (`message` for leads, `content` for estimate items). */
  textField: string;
  placeholder: string;
  /** The people who may be mentioned here; without them there is no mention picker. */
  mentionables?: readonly MentionCandidate[] | undefined;
};

/** The small count pill beside a thread's heading; nothing while empty or loading. */
export const CommentCount = ({ count }: { count: number | undefined }) =>
  count ? (
    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 tabular-nums">
      {count}
    </span>
  ) : null;

/** A comment's words, each `@email` it mentions shown as the person's name where it is known. */
const CommentText = ({ text, names }: { text: string; names: ReadonlyMap<string, string> }) => (
  <p className="mt-1 leading-relaxed break-words whitespace-pre-wrap text-slate-700">
    {splitMentions(text).map((segment, i) =>
      'email' in segment ? (
        <span key={i} title={segment.email} className="font-medium text-brand-700">
          @{names.get(segment.email.toLowerCase()) || segment.email}
        </span>
      ) : (
        segment.text
      ),
    )}
  </p>
);

const CommentItem = ({
  comment,
  names,
  onDelete,
}: {
  comment: ThreadComment;
  names: ReadonlyMap<string, string>;
  onDelete(comment: ThreadComment): void;
}) => (
  <li className="rounded-md border border-slate-200 bg-white px-3.5 py-3">
    <div className="flex items-start justify-between gap-2">
      <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
        <span className="truncate font-medium text-slate-900">
          {comment.author ?? 'Deleted user'}
        </span>
        <DateTime
          value={comment.createdAt}
          display="comment"
          className="text-xs text-slate-500 tabular-nums"
        />
      </div>
      {comment.canDelete && (
        <Button
          variant="ghost"
          size="icon"
          aria-label="Delete comment"
          title="Delete comment"
          onClick={() => onDelete(comment)}
          className="-mt-1 -mr-1.5 size-7 text-slate-400 hover:bg-red-50 hover:text-red-600"
        >
          <Trash2 aria-hidden />
        </Button>
      )}
    </div>
    <CommentText text={comment.text} names={names} />
  </li>
);

/** One field, named as the server names it, so a 400 on it lands under the box. */
type CommentForm = Record<string, string>;

const NewComment = ({
  onCreate,
  textField,
  placeholder,
  mentionables,
}: Pick<CommentThreadProps, 'onCreate' | 'textField' | 'placeholder' | 'mentionables'>) => {
  const fieldId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CommentForm>({ defaultValues: { [textField]: '' } });
  const box = useRef<HTMLTextAreaElement | null>(null);
  const field = register(textField);
  const picker = useMentionPicker({
    people: mentionables,
    box,
    onInsert: (value) => setValue(textField, value, { shouldDirty: true }),
  });
  const blank = isBlank(useWatch({ control, name: textField }) ?? '');
  const error = errors[textField];

  // Spec §5: no client rule; the text is sent as entered and the server decides.
  const onSubmit = handleSubmit(async (values) => {
    try {
      await onCreate(picker.toData(values[textField] ?? ''));
      reset();
      picker.forget();
    } catch (failure) {
      applyFormErrors(failure, setError, [textField]);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <label htmlFor={fieldId} className="sr-only">
        New comment
      </label>
      <div className="relative">
        <Textarea
          id={fieldId}
          rows={3}
          placeholder={
            mentionables?.length ? `${placeholder} Type @ to mention someone.` : placeholder
          }
          invalid={Boolean(error)}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          {...field}
          {...picker.boxProps}
          ref={(el) => {
            field.ref(el);
            box.current = el;
          }}
          onBlur={(event) => {
            picker.boxProps.onBlur();
            void field.onBlur(event);
          }}
          className="min-h-0"
        />
        {picker.list}
      </div>
      {error && (
        <p id={`${fieldId}-error`} role="alert" className="text-xs font-medium text-red-600">
          {error.message}
        </p>
      )}
      <FormError message={errors.root?.message} />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={blank} loading={isSubmitting}>
          Comment
        </Button>
      </div>
    </form>
  );
};

/**
 * Spec §2: comments oldest first, each with its author's email, its time and a delete icon
 * behind the confirmation 'Are you sure you want to delete this comment?', then a 3-row box and
 * a Comment button. Estimate items and leads both use it; each area keeps its own heading.
 */
export const CommentThread = ({
  comments,
  onCreate,
  onDelete,
  onRestore,
  textField,
  placeholder,
  mentionables,
}: CommentThreadProps) => {
  const [pending, setPending] = useState<ThreadComment | null>(null);
  const names = useMemo(
    () => new Map((mentionables ?? []).map((person) => [person.email.toLowerCase(), person.name])),
    [mentionables],
  );
  const [deleting, setDeleting] = useState(false);
  // The Undo of the last delete, offered here as well as in its toast: the drawer around the
  // thread traps focus, so the toast's button is out of a keyboard's reach (decision 0040).
  const [undo, setUndo] = useState<(() => void) | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const undoButton = useRef<HTMLButtonElement>(null);

  // The offer lasts as long as the toast's (a later delete's replaces it), then focus, if it was
  // on Undo, goes to the box.
  const offered = useRef<(() => void) | null>(null);
  const offer = (take: () => void) => {
    offered.current = take;
    setUndo(() => take);
  };
  const withdraw = (take: () => void) => {
    if (offered.current !== take) return;
    offered.current = null;
    const hadFocus = undoButton.current !== null && document.activeElement === undoButton.current;
    setUndo(null);
    if (hadFocus) frame.current?.querySelector('textarea')?.focus();
  };
  useEffect(() => {
    if (!undo) return;
    const timer = setTimeout(() => withdraw(undo), TOAST_DURATION);
    return () => clearTimeout(timer);
  }, [undo]);

  const confirmDelete = async () => {
    if (!pending) return;
    setDeleting(true);
    try {
      const { id } = pending;
      await onDelete(id);
      let taken = false;
      const take = () => {
        if (taken) return;
        taken = true;
        closeToast();
        withdraw(take);
        void onRestore(id).catch(toastError);
      };
      const closeToast = toast.undoable('Comment deleted', take);
      offer(take);
    } catch (error) {
      toastError(error);
    } finally {
      setDeleting(false);
      setPending(null);
    }
  };

  let body;
  if (comments.isPending) {
    body = <Spinner size="sm" label="Loading comments" className="py-2" />;
  } else if (comments.isError || !comments.data) {
    body = (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-red-50 px-3 py-2.5 text-sm text-red-700"
      >
        <span>The comments could not be loaded.</span>
        <Button variant="link" size="sm" onClick={() => void comments.refetch()}>
          <RotateCw aria-hidden />
          Try again
        </Button>
      </div>
    );
  } else if (comments.data.length === 0) {
    body = (
      <p className="flex items-center gap-2 text-slate-500">
        <MessageSquare aria-hidden className="size-4 text-slate-400" />
        No comments yet.
      </p>
    );
  } else {
    body = (
      <ol aria-label="Comments" className="flex flex-col gap-2">
        {comments.data.map((comment) => (
          <CommentItem key={comment.id} comment={comment} names={names} onDelete={setPending} />
        ))}
      </ol>
    );
  }

  return (
    <div ref={frame} className="flex flex-col gap-4">
      {body}
      {undo && (
        <p className="flex items-center gap-2 rounded-md border border-dashed border-slate-300 px-3.5 py-2 text-slate-500">
          Comment deleted.
          <Button ref={undoButton} variant="link" size="sm" onClick={undo}>
            Undo
          </Button>
        </p>
      )}
      <NewComment
        onCreate={onCreate}
        textField={textField}
        placeholder={placeholder}
        mentionables={mentionables}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title="Delete comment"
        message="Are you sure you want to delete this comment?"
        confirmLabel="Delete"
        danger
        pending={deleting}
        onConfirm={() => void confirmDelete()}
        // The comment's Delete button went with it: focus goes to its Undo.
        focusFallback={() => undoButton.current}
      />
    </div>
  );
};
