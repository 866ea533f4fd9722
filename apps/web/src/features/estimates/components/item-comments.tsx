import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { MessageSquare, RotateCw, Trash2 } from 'lucide-react';
import type { EstimateItemComment } from '@portal/contract/estimates';
import { FormError } from '../../../components/layout/form-error';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { useSession } from '../../../lib/auth';
import { applyFormErrors, toastError } from '../../../lib/errors';
import { useCreateItemComment, useDeleteItemComment, useItemComments } from '../api/comments';
import { formatCommentTime } from '../lib/format';

const Comment = ({
  comment,
  canDelete,
  onDelete,
}: {
  comment: EstimateItemComment;
  canDelete: boolean;
  onDelete(comment: EstimateItemComment): void;
}) => (
  <li className="rounded-md border border-slate-200 bg-white px-3.5 py-3">
    <div className="flex items-start justify-between gap-2">
      <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
        <span className="truncate font-medium text-slate-900">
          {comment.user?.email ?? 'Deleted user'}
        </span>
        <time dateTime={comment.created_at} className="text-xs text-slate-500 tabular-nums">
          {formatCommentTime(comment.created_at)}
        </time>
      </div>
      {canDelete && (
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
    <p className="mt-1 leading-relaxed break-words whitespace-pre-wrap text-slate-700">
      {comment.content}
    </p>
  </li>
);

const NewComment = ({ estimateId, itemId }: { estimateId: number; itemId: number }) => {
  const fieldId = useId();
  const create = useCreateItemComment(estimateId, itemId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<{ content: string }>({ defaultValues: { content: '' } });
  const blank = useWatch({ control, name: 'content' }).trim() === '';

  // Spec §5: no rule; the text is sent as entered.
  const onSubmit = handleSubmit(({ content }) =>
    create.mutate(content, {
      onSuccess: () => reset(),
      onError: (error) => applyFormErrors(error, setError, ['content']),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <label htmlFor={fieldId} className="sr-only">
        New comment
      </label>
      <Textarea
        id={fieldId}
        rows={3}
        placeholder="Ask a question or leave a note…"
        invalid={Boolean(errors.content)}
        aria-describedby={errors.content ? `${fieldId}-error` : undefined}
        {...register('content')}
        className="min-h-0"
      />
      {errors.content && (
        <p id={`${fieldId}-error`} role="alert" className="text-xs font-medium text-red-600">
          {errors.content.message}
        </p>
      )}
      <FormError message={errors.root?.message} />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={blank} loading={create.isPending}>
          Comment
        </Button>
      </div>
    </form>
  );
};

/** An item's comments, oldest first, and a box to add one: for staff and the client alike. */
export const ItemComments = ({ estimateId, itemId }: { estimateId: number; itemId: number }) => {
  const { user, isSuperuser } = useSession();
  const comments = useItemComments(itemId);
  const remove = useDeleteItemComment(estimateId, itemId);
  const [pending, setPending] = useState<EstimateItemComment | null>(null);

  const confirmDelete = () => {
    if (!pending) return;
    remove.mutate(pending.id, {
      onSuccess: () => {
        setPending(null);
        toast.success('Comment deleted');
      },
      onError: (error) => {
        setPending(null);
        toastError(error);
      },
    });
  };

  let body;
  if (comments.isPending) {
    body = <Spinner size="sm" label="Loading comments" className="py-2" />;
  } else if (comments.isError) {
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
          <Comment
            key={comment.id}
            comment={comment}
            canDelete={isSuperuser || (user != null && comment.user?.id === user.id)}
            onDelete={setPending}
          />
        ))}
      </ol>
    );
  }

  return (
    <section aria-labelledby={`item-comments-${itemId}`} className="flex flex-col gap-3">
      <h3
        id={`item-comments-${itemId}`}
        className="flex items-center gap-2 text-sm font-semibold text-slate-900"
      >
        Comments
        {comments.data && comments.data.length > 0 && (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 tabular-nums">
            {comments.data.length}
          </span>
        )}
      </h3>
      {body}
      <NewComment estimateId={estimateId} itemId={itemId} />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title="Delete Comment"
        message="Are you sure you want to delete this comment?"
        confirmLabel="Delete"
        danger
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
};
