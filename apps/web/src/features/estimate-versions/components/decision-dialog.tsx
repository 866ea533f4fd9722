import { useId, useState } from 'react';
import {
  ESTIMATE_VERSION_LIMITS,
  versionAmount,
  type EstimateVersion,
} from '@portal/contract/estimate-versions';
import { isBlank } from '@portal/contract/fields';
import { FormError } from '../../../components/layout/form-error';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { errorMessages, parseError } from '../../../lib/errors';
import { useDecideVersion } from '../api/versions';

export type DecisionKind = 'approve' | 'request-changes';

export type DecisionDialogProps = {
  kind: DecisionKind;
  open: boolean;
  onOpenChange(open: boolean): void;
  version: EstimateVersion;
  /** Where focus goes once the decision is made and the buttons that opened it are gone. */
  focusFallback?: () => HTMLElement | null;
};

/**
 * A client user's decision on a waiting version: Approve asks for the full name as a signature,
 * Request changes for a note. A 409 (someone decided first, or a newer version came) is shown in
 * the dialog; the lists refresh so the page shows the outcome.
 */
export const DecisionDialog = ({
  kind,
  open,
  onOpenChange,
  version,
  focusFallback,
}: DecisionDialogProps) => {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useDecideVersion(version.id);
  const approve = kind === 'approve';
  const max = approve ? ESTIMATE_VERSION_LIMITS.signatureName : ESTIMATE_VERSION_LIMITS.note;
  // Blank as the server reads it: a name of zero-width characters signs nothing.
  const blank = isBlank(text);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (blank) {
      setError(approve ? 'Type your full name to sign.' : 'Say what should change.');
      return;
    }
    setError(null);
    decide.mutate(
      approve
        ? { action: 'approve', signature_name: text.trim() }
        : { action: 'request-changes', note: text.trim() },
      {
        onSuccess: () => {
          toast.success(approve ? `Version ${version.number} approved` : 'Changes requested');
          onOpenChange(false);
        },
        onError: (failure) => {
          const parsed = parseError(failure);
          setError(parsed?.fields[0]?.[1] ?? errorMessages(failure).join(' '));
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (decide.isPending && !next ? undefined : onOpenChange(next))}
      title={approve ? `Approve version ${version.number}` : 'Request changes'}
      description={
        approve
          ? `By typing your full name you sign this estimate: ${version.snapshot.name}, total with contingency ${versionAmount(version)}.`
          : 'Tell the studio what you would like changed; they will send a new version.'
      }
      className="max-w-lg"
      focusFallback={focusFallback}
      footer={
        <>
          <Button
            variant="secondary"
            onClick={() => onOpenChange(false)}
            disabled={decide.isPending}
          >
            Cancel
          </Button>
          <Button type="submit" form={id} loading={decide.isPending}>
            {approve ? 'Approve and sign' : 'Send request'}
          </Button>
        </>
      }
    >
      <form id={id} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field label={approve ? 'Your full name' : 'What should change'} htmlFor={`${id}-text`}>
          {approve ? (
            <Input
              id={`${id}-text`}
              value={text}
              maxLength={max}
              autoComplete="name"
              aria-required
              onChange={(event) => setText(event.target.value)}
            />
          ) : (
            <Textarea
              id={`${id}-text`}
              value={text}
              maxLength={max}
              aria-required
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Field>
        <FormError message={error ?? undefined} />
      </form>
    </Dialog>
  );
};
