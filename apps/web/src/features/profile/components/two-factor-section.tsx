import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ShieldCheck, ShieldAlert } from 'lucide-react';
import type { TotpSetupResponse } from '@portal/contract/two-factor';
import { Button } from '../../../components/ui/button';
import { useDialogFields } from '../../../components/forms/dialog-fields';
import { LoadFailed } from '../../../components/layout/load-failed';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { parseError, toastError } from '../../../lib/errors';
import {
  useConfirmTotp,
  useDisableTwoFactor,
  useNewRecoveryCodes,
  useStartTotpSetup,
  useTwoFactorStatus,
} from '../api/two-factor';
import { CodeField } from './code-field';
import { QrCode } from './qr-code';

/** The message the server gave a field, for showing under it; anything else is a toast. */
const fieldMessage = (error: unknown, field: string) => {
  const message = parseError(error)?.fields.find(([name]) => name === field)?.[1];
  if (!message) toastError(error);
  return message ?? null;
};

/** "JBSW Y3DP EHPK 3PXP": a secret typed by hand reads in groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** Shown once, after set-up or renewal: the codes, to copy or download before going on. */
const RecoveryCodes = ({ codes, onDone }: { codes: string[]; onDone(): void }) => {
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  // Where the work is now: the codes replace the form that had focus.
  const intro = useRef<HTMLParagraphElement>(null);
  useEffect(() => intro.current?.focus(), []);
  return (
    <div className="flex flex-col gap-3">
      <p ref={intro} tabIndex={-1} className="text-sm text-slate-700 outline-none">
        Keep these recovery codes somewhere safe, apart from your phone. Each signs you in once if
        you lose your authenticator. They are shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md border border-slate-200 bg-slate-50 px-4 py-3 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard
              .writeText(text)
              .then(() => toast.success('Recovery codes copied'), toastError)
          }
        >
          Copy
        </Button>
        <Button variant="secondary" onClick={download}>
          Download
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
};

/** Scan, type the first code, keep the recovery codes. */
const SetUp = ({ setup, onDone }: { setup: TotpSetupResponse; onDone(): void }) => {
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code.trim(), {
      onSuccess: (answer) => {
        setCodes(answer.recovery_codes);
        toast.success('Two-factor authentication is on');
      },
      onError: (failure) => setError(fieldMessage(failure, 'code')),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm text-slate-700">
        <li>
          Scan this code with your authenticator app (1Password, Google Authenticator, Authy…).
        </li>
        <li>Type the 6-digit code it shows.</li>
      </ol>
      <div className="flex flex-wrap items-center gap-5">
        <QrCode text={setup.otpauth_url} label="QR code for your authenticator app" />
        <p className="text-sm text-slate-600">
          Cannot scan? Enter this key:
          <br />
          <code className="mt-1 inline-block font-mono text-sm text-slate-900 select-all">
            {grouped(setup.secret)}
          </code>
        </p>
      </div>
      <CodeField id="totp-confirm" value={code} onChange={setCode} error={error} />
      <div className="flex gap-2">
        <Button type="submit" disabled={!code.trim()} loading={confirm.isPending}>
          Turn on
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
};

const RenewCodesDialog = ({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) => {
  const renew = useNewRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  // A typed code is asked about before closing; the new codes are not an edit to lose.
  const form = useDialogFields({
    open,
    onOpenChange: (next) => {
      if (!next) setCodes(null);
      onOpenChange(next);
    },
    initial: { code: '' },
    busy: renew.isPending,
    dirty: ({ code }) => codes === null && code !== '',
  });
  const { code } = form.values;
  return (
    <Dialog
      open={open}
      onOpenChange={form.requestClose}
      title="New recovery codes"
      description={codes ? undefined : 'Your current recovery codes stop working.'}
    >
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => form.close(false)} />
      ) : (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            renew.mutate(code.trim(), {
              onSuccess: (answer) => setCodes(answer.recovery_codes),
              onError: (failure) =>
                form.setErrors({ code: fieldMessage(failure, 'code') ?? undefined }),
            });
          }}
        >
          <CodeField
            id="renew-code"
            value={code}
            onChange={form.field('code')}
            error={form.errors.code ?? null}
          />
          <Button type="submit" disabled={!code.trim()} loading={renew.isPending}>
            Make new codes
          </Button>
        </form>
      )}
      {form.prompt}
    </Dialog>
  );
};

const TurnOffDialog = ({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) => {
  const disable = useDisableTwoFactor();
  const form = useDialogFields({
    open,
    onOpenChange,
    initial: { password: '', code: '' },
    busy: disable.isPending,
  });
  const { password, code } = form.values;
  const { errors } = form;
  return (
    <Dialog
      open={open}
      onOpenChange={form.requestClose}
      title="Turn off two-factor authentication"
      description="Signing in will ask only for your password."
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          disable.mutate(
            { password, code: code.trim() },
            {
              onSuccess: () => {
                toast.success('Two-factor authentication is off');
                form.close(false);
              },
              onError: (failure) => {
                const parsed = parseError(failure);
                const byField = Object.fromEntries(parsed?.fields ?? []);
                if (!byField.password && !byField.code) toastError(failure);
                form.setErrors({ password: byField.password, code: byField.code });
              },
            },
          );
        }}
      >
        <Field label="Password" htmlFor="turn-off-password" error={errors.password ?? undefined}>
          <Input
            id="turn-off-password"
            type="password"
            autoComplete="current-password"
            invalid={Boolean(errors.password)}
            value={password}
            onChange={(event) => form.field('password')(event.target.value)}
          />
        </Field>
        <CodeField
          id="turn-off-code"
          label="Code from your app, or a recovery code"
          value={code}
          onChange={form.field('code')}
          error={errors.code ?? null}
        />
        <Button type="submit" variant="danger" disabled={!code.trim()} loading={disable.isPending}>
          Turn off
        </Button>
      </form>
      {form.prompt}
    </Dialog>
  );
};

/** Profile → Security: two-factor sign-in (issue 27). */
export const TwoFactorSection = () => {
  const status = useTwoFactorStatus();
  const start = useStartTotpSetup();
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [dialog, setDialog] = useState<'renew' | 'off' | null>(null);
  // Once set-up ends or two-factor goes off, the form or button that had focus is gone: focus
  // goes to what says where things stand now.
  const summary = useRef<HTMLDivElement>(null);
  const enabled = status.data?.enabled;
  const seen = useRef(enabled);
  useEffect(() => {
    if (seen.current !== undefined && seen.current !== enabled && !setup) summary.current?.focus();
    seen.current = enabled;
  }, [enabled, setup]);

  if (status.isPending) return <Spinner label="Loading two-factor authentication" />;
  if (status.isError)
    return <LoadFailed what="Two-factor authentication" onRetry={() => void status.refetch()} />;
  const { recovery_codes_left: left, required } = status.data;

  return (
    <section aria-labelledby="two-factor-heading" className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        {enabled ? (
          <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-700" />
        ) : (
          <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
        )}
        <div ref={summary} tabIndex={-1} className="outline-none">
          <h2 id="two-factor-heading" className="font-semibold text-slate-900">
            Two-factor authentication
          </h2>
          <p className="text-sm text-slate-600">
            {enabled
              ? `On. Signing in asks for a code from your authenticator app. ${left} recovery code${left === 1 ? '' : 's'} left.`
              : 'Off. Add a second step to signing in: a code from an authenticator app on your phone.'}
          </p>
        </div>
      </div>
      {required && !enabled && (
        <p
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          The studio requires two-factor authentication for staff accounts. Set it up to continue.
        </p>
      )}
      {setup ? (
        <SetUp
          setup={setup}
          onDone={() => {
            setSetup(null);
            start.reset();
            summary.current?.focus();
          }}
        />
      ) : enabled ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setDialog('renew')}>
            New recovery codes
          </Button>
          <Button variant="secondary" onClick={() => setDialog('off')}>
            Turn off
          </Button>
        </div>
      ) : (
        <div>
          <Button
            loading={start.isPending}
            onClick={() => start.mutate(undefined, { onSuccess: setSetup, onError: toastError })}
          >
            Set up two-factor authentication
          </Button>
        </div>
      )}
      <RenewCodesDialog
        open={dialog === 'renew'}
        onOpenChange={(open) => setDialog(open ? 'renew' : null)}
      />
      <TurnOffDialog
        open={dialog === 'off'}
        onOpenChange={(open) => setDialog(open ? 'off' : null)}
      />
    </section>
  );
};
