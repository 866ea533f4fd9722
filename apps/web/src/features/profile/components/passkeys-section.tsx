import { useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import type { Passkey } from '@portal/contract/passkeys';
import { useDialogFields } from '../../../components/forms/dialog-fields';
import { FormError } from '../../../components/layout/form-error';
import { LoadFailed } from '../../../components/layout/load-failed';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DateTime } from '../../../components/ui/date-time';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { parseError, toastError } from '../../../lib/errors';
import { passkeyProblem, passkeysAvailable } from '../../../lib/passkeys';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys';
import { useTwoFactorStatus } from '../api/two-factor';
import { describeDevice } from '@portal/contract/device';
import { CodeField } from './code-field';

type Errors = { name?: string; password?: string; code?: string; form?: string };

/** The server's words for the dialog's fields; the browser's refusal for the form; else a toast. */
const errorsOf = (error: unknown): Errors => {
  const problem = passkeyProblem(error);
  if (problem) return { form: problem };
  const parsed = parseError(error);
  const fields = Object.fromEntries(parsed?.fields ?? []);
  const found: Errors = {
    name: fields.name,
    password: fields.password,
    code: fields.code,
    form: fields.credential ?? parsed?.nonField ?? parsed?.detail ?? undefined,
  };
  if (!found.name && !found.password && !found.code && !found.form) toastError(error);
  return found;
};

/** Name it, prove it is her (the password), then the browser's own prompt makes the passkey. */
const AddPasskeyDialog = ({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) => {
  const add = useAddPasskey();
  // With two-factor on, a passkey (which signs in alone) is added with the code too.
  const withCode = useTwoFactorStatus().data?.enabled === true;
  // The device's name is a suggestion, not typing to ask about; a password or a code is.
  const form = useDialogFields({
    open,
    onOpenChange,
    initial: () => ({ name: describeDevice(navigator.userAgent), password: '', code: '' }),
    busy: add.isPending,
    dirty: ({ password, code }) => password !== '' || code !== '',
  });
  const { name, password, code } = form.values;
  const { errors } = form;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.setErrors({});
    add.mutate(
      { name: name.trim(), password, code: code.trim() },
      {
        onSuccess: (passkey) => {
          toast.success(`Passkey “${passkey.name}” added`);
          form.close(false);
        },
        onError: (error) => form.setErrors(errorsOf(error)),
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={form.requestClose}
      title="Add a passkey"
      description="Your device or password manager keeps it, unlocked by your fingerprint, face or screen lock."
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Name" htmlFor="passkey-name" error={errors.name}>
          <Input
            id="passkey-name"
            maxLength={64}
            invalid={Boolean(errors.name)}
            value={name}
            onChange={(event) => form.field('name')(event.target.value)}
          />
        </Field>
        <Field
          label="Your password"
          htmlFor="passkey-password"
          hint="Leave it empty if you sign in only with Google."
          error={errors.password}
        >
          <Input
            id="passkey-password"
            type="password"
            autoComplete="current-password"
            invalid={Boolean(errors.password)}
            value={password}
            onChange={(event) => form.field('password')(event.target.value)}
          />
        </Field>
        {withCode && (
          <CodeField
            id="passkey-code"
            label="Code from your app, or a recovery code"
            value={code}
            onChange={form.field('code')}
            error={errors.code ?? null}
          />
        )}
        <FormError message={errors.form} />
        <Button type="submit" loading={add.isPending}>
          Continue
        </Button>
      </form>
      {form.prompt}
    </Dialog>
  );
};

const RenamePasskeyDialog = ({ passkey, onClose }: { passkey: Passkey; onClose(): void }) => {
  const rename = useRenamePasskey();
  const form = useDialogFields({
    open: true,
    onOpenChange: (open) => !open && onClose(),
    initial: { name: passkey.name },
    busy: rename.isPending,
  });
  const { name } = form.values;
  const error = form.errors.name;
  return (
    <Dialog open onOpenChange={form.requestClose} title="Rename passkey">
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          rename.mutate(
            { id: passkey.id, name },
            {
              onSuccess: () => {
                form.release();
                onClose();
              },
              onError: (failure) => {
                const found = errorsOf(failure);
                form.setErrors({ name: found.name ?? found.form });
              },
            },
          );
        }}
      >
        <Field label="Name" htmlFor="passkey-rename" error={error}>
          <Input
            id="passkey-rename"
            maxLength={64}
            invalid={Boolean(error)}
            value={name}
            onChange={(event) => form.field('name')(event.target.value)}
          />
        </Field>
        <Button type="submit" loading={rename.isPending}>
          Save
        </Button>
      </form>
      {form.prompt}
    </Dialog>
  );
};

/** Profile → Security: passkeys to sign in with instead of a password and a code (issue 27). */
export const PasskeysSection = () => {
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const available = passkeysAvailable();

  const body = passkeys.isPending ? (
    <Spinner label="Loading your passkeys" />
  ) : passkeys.isError ? (
    <LoadFailed what="Your passkeys" onRetry={() => void passkeys.refetch()} />
  ) : passkeys.data.length === 0 ? (
    <p className="text-sm text-slate-600">No passkeys yet.</p>
  ) : (
    <ul
      aria-label="Passkeys"
      className="divide-y divide-slate-100 rounded-md border border-slate-200"
    >
      {passkeys.data.map((passkey) => (
        <li key={passkey.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
          <KeyRound aria-hidden className="size-5 shrink-0 text-slate-400" />
          <div className="min-w-0 flex-1 text-sm">
            <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
              <span className="break-words">{passkey.name}</span>
              {passkey.backed_up && <Badge color="blue">Synced</Badge>}
            </p>
            <p className="text-slate-600">
              Added <DateTime value={passkey.created} display="date" /> ·{' '}
              {passkey.last_used ? (
                <>
                  Last used <DateTime value={passkey.last_used} />
                </>
              ) : (
                'Not used yet'
              )}
            </p>
          </div>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Rename ${passkey.name}`}
              onClick={() => setRenaming(passkey)}
            >
              Rename
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Remove ${passkey.name}`}
              onClick={() => setRemoving(passkey)}
            >
              Remove
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );

  return (
    <section aria-labelledby="passkeys-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="passkeys-heading" className="font-semibold text-slate-900">
          Passkeys
        </h2>
        <p className="text-sm text-slate-600">
          Sign in with your fingerprint, face or screen lock instead of your password and code.
        </p>
      </div>
      {body}
      <div>
        {available ? (
          <Button variant="secondary" onClick={() => setAdding(true)}>
            Add a passkey
          </Button>
        ) : (
          <p className="text-sm text-slate-600">
            This browser cannot add a passkey here: passkeys need the portal’s name in the address
            bar (for example localhost), not an IP address.
          </p>
        )}
      </div>
      <AddPasskeyDialog open={adding} onOpenChange={setAdding} />
      {renaming && <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} />}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove “${removing?.name ?? ''}”?`}
        message="You will no longer be able to sign in with this passkey. Remove it from your device or password manager too."
        confirmLabel="Remove"
        danger
        pending={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast.success(`Passkey “${removing.name}” removed`);
              setRemoving(null);
            },
            onError: toastError,
          });
        }}
      />
    </section>
  );
};
