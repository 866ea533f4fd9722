import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { MessageSquare, Trash2 } from 'lucide-react';
import type { LeadComment } from '@portal/contract/leads';
import { FormError } from '../../../components/layout/form-error';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { applyFormErrors, toastError } from '../../../lib/errors';
import { useCreateLeadComment, useDeleteLeadComment, useLeadComments } from '../api/lead-comments';
import { formatCommentTime } from '../lib/format';
import { DrawerSection } from './drawer-section';

const CommentItem = ({
  comment,
  onDelete,
}: {
  comment: LeadComment;
  onDelete(comment: LeadComment): void;
}) => (
  <li className="group rounded-md border border-slate-200 bg-white px-3.5 py-3">
    <div className="flex items-start justify-between gap-2">
      <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
        <span className="truncate font-medium text-slate-900">
          {comment.created_by?.email ?? 'Deleted user'}
        </span>
        <time dateTime={comment.created_at} className="text-xs text-slate-500 tabular-nums">
          {formatCommentTime(comment.created_at)}
        </time>
      </div>
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
    </div>
    <p className="mt-1 leading-relaxed break-words whitespace-pre-wrap text-slate-700">
      {comment.message}
    </p>
  </li>
);

type CommentForm = { message: string };

const NewComment = ({ leadId }: { leadId: number }) => {
  const create = useCreateLeadComment(leadId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<CommentForm>({ defaultValues: { message: '' } });
  const blank = useWatch({ control, name: 'message' }).trim() === '';

  // Spec §5: no client rule; the text is sent as entered.
  const onSubmit = handleSubmit(({ message }) =>
    create.mutate(message, {
      onSuccess: () => reset(),
      onError: (error) => applyFormErrors(error, setError, ['message']),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <Textarea
        rows={3}
        aria-label="New comment"
        placeholder="Write a comment…"
        invalid={Boolean(errors.message)}
        aria-describedby={errors.message ? 'lead-comment-error' : undefined}
        {...register('message')}
        className="min-h-0"
      />
      {errors.message && (
        <p id="lead-comment-error" role="alert" className="text-xs font-medium text-red-600">
          {errors.message.message}
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

/** Spec §2: the lead's comments, oldest first, and a box to add one. */
export const LeadComments = ({ leadId }: { leadId: number }) => {
  const comments = useLeadComments(leadId);
  const remove = useDeleteLeadComment(leadId);
  const [pending, setPending] = useState<LeadComment | null>(null);

  const confirmDelete = () => {
    if (!pending) return;
    remove.mutate(pending.id, {
      onSuccess: () => setPending(null),
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
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-red-50 px-3 py-2.5 text-sm text-red-700">
        <span>The comments could not be loaded.</span>
        <Button variant="link" size="sm" onClick={() => void comments.refetch()}>
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
          <CommentItem key={comment.id} comment={comment} onDelete={setPending} />
        ))}
      </ol>
    );
  }

  return (
    <DrawerSection
      title="Comments"
      aside={
        comments.data && comments.data.length > 0 ? (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 tabular-nums">
            {comments.data.length}
          </span>
        ) : undefined
      }
    >
      <div className="flex flex-col gap-4">
        {body}
        <NewComment leadId={leadId} />
      </div>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title="Delete comment"
        message="Are you sure you want to delete this comment?"
        confirmLabel="Delete"
        danger
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </DrawerSection>
  );
};
