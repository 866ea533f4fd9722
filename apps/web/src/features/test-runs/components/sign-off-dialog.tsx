import { useState, type FormEvent } from 'react';
import { isBlank } from '@portal/contract/fields';
import { TEST_RUN_LIMITS, type TestRun } from '@portal/contract/test-runs';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { parseError, toastError } from '../../../lib/errors';
import { useSignOff } from '../api/runs';

const FORM_ID = 'sign-off-form';

/**
 * The client's acceptance of a completed run: the typed full name is the signature; a note is
 * required when steps failed or are blocked (the server says so too, on `note`).
 */
export const SignOffDialog = ({
  run,
  open,
  onOpenChange,
  focusFallback,
}: {
  run: TestRun;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Where focus goes once signed, when the Sign off button that opened it is gone. */
  focusFallback?: () => HTMLElement | null;
}) => {
  const signOff = useSignOff(run.id);
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const problems = run.summary.failed + run.summary.blocked;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    // Blank as the server reads it: a name of zero-width characters signs nothing.
    if (isBlank(name)) local.signature_name = 'Type your full name to sign.';
    if (problems > 0 && isBlank(note))
      local.note = 'Explain the failed or blocked steps before signing off.';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    signOff.mutate(
      { signature_name: name, note },
      {
        onSuccess: () => onOpenChange(false),
        onError: (error) => {
          const parsed = parseError(error);
          const fields = Object.fromEntries(parsed?.fields ?? []);
          if (fields.signature_name || fields.note) setErrors(fields);
          else toastError(error);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !signOff.isPending && onOpenChange(next)}
      focusFallback={focusFallback}
      title="Sign off this test run"
      description={`By typing your full name you accept ${run.name} with its results: ${run.summary.passed} of ${run.summary.total} steps passed.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} loading={signOff.isPending}>
            Sign off
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Field label="Full name" htmlFor="signature-name" error={errors.signature_name}>
          <Input
            id="signature-name"
            autoComplete="name"
            value={name}
            maxLength={TEST_RUN_LIMITS.signatureName}
            invalid={Boolean(errors.signature_name)}
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <Field
          label={problems > 0 ? 'Note (required)' : 'Note (optional)'}
          htmlFor="sign-off-note"
          error={errors.note}
          hint={
            problems > 0
              ? `${problems} step${problems === 1 ? '' : 's'} failed or blocked: say how they are to be handled.`
              : undefined
          }
        >
          <Textarea
            id="sign-off-note"
            value={note}
            maxLength={TEST_RUN_LIMITS.note}
            invalid={Boolean(errors.note)}
            onChange={(event) => setNote(event.target.value)}
          />
        </Field>
      </form>
    </Dialog>
  );
};
