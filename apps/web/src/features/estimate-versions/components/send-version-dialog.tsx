import { useId, useState } from 'react';
import type { EstimateDetail } from '@portal/contract/estimates';
import { ESTIMATE_VERSION_LIMITS } from '@portal/contract/estimate-versions';
import { useUnsavedChanges } from '../../../components/forms/unsaved-changes';
import { FormError } from '../../../components/layout/form-error';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { errorMessages } from '../../../lib/errors';
import { useClientUsers } from '../../clients/api/client-users';
import { useSendEstimate } from '../api/versions';

export type SendVersionDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  estimate: EstimateDetail;
};

/** Staff: "Send to client" — a message, and who will be emailed, before the estimate is frozen. */
export const SendVersionDialog = ({ open, onOpenChange, estimate }: SendVersionDialogProps) => {
  const id = useId();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendEstimate(estimate.id);
  const recipients = useClientUsers(estimate.project.client.id);
  const tooLong = message.length > ESTIMATE_VERSION_LIMITS.message;
  // A message written and not sent is asked about before it is thrown away (issue 26).
  const unsaved = useUnsavedChanges({
    open,
    dirty: message.trim() !== '' && !send.isPending,
    onOpenChange,
  });

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    send.mutate(message.trim(), {
      onSuccess: (version) => {
        unsaved.release();
        toast.success(`Version ${version.number} sent`);
        onOpenChange(false);
      },
      onError: (failure) => setError(errorMessages(failure).join(' ')),
    });
  };

  const people = recipients.data ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (send.isPending && !next ? undefined : unsaved.requestClose(next))}
      title="Send to client"
      description="The estimate is frozen as it is now into a new version the client can approve."
      className="max-w-lg"
      footer={
        <>
          <Button
            variant="secondary"
            onClick={() => unsaved.requestClose(false)}
            disabled={send.isPending}
          >
            Cancel
          </Button>
          <Button type="submit" form={id} loading={send.isPending} disabled={tooLong}>
            Send
          </Button>
        </>
      }
    >
      <form id={id} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field
          label="Message (optional)"
          htmlFor={`${id}-message`}
          error={
            tooLong
              ? `Ensure this field has no more than ${ESTIMATE_VERSION_LIMITS.message} characters.`
              : undefined
          }
        >
          <Textarea
            id={`${id}-message`}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            placeholder="A note for the client, sent with the link"
            invalid={tooLong}
          />
        </Field>
        <section aria-labelledby={`${id}-to`} className="text-sm">
          <h3 id={`${id}-to`} className="mb-1 font-medium text-slate-700">
            Will be emailed
          </h3>
          {recipients.isPending ? (
            <p className="text-slate-500">Loading the client’s users…</p>
          ) : recipients.isError ? (
            <p className="text-red-700">The client’s users could not be loaded.</p>
          ) : people.length === 0 ? (
            <p className="text-amber-800">
              {estimate.project.client.name} has no users yet: nobody will be emailed, but the
              version is still recorded.
            </p>
          ) : (
            <ul className="flex flex-col gap-0.5 text-slate-600">
              {people.map((link) => (
                <li key={link.id}>
                  {`${link.user.first_name} ${link.user.last_name}`.trim() || link.user.email}{' '}
                  <span className="text-slate-500">&lt;{link.user.email}&gt;</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <FormError message={error ?? undefined} />
      </form>
      {unsaved.prompt}
    </Dialog>
  );
};
