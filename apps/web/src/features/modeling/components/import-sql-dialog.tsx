import { useId, useRef, useState, type FormEvent } from 'react';
import { FileUp, RotateCw } from 'lucide-react';
import { utf8ByteLength } from '@portal/contract/canvas';
import {
  CANVAS_IMPORT_LIMITS,
  CANVAS_IMPORT_MESSAGES,
  SQL_DIALECTS,
  SQL_DIALECT_LABELS,
  type CanvasImportResponse,
  type SqlDialect,
} from '@portal/contract/canvas-import';
import { formatFileSize } from '@portal/contract/format';
import { useDialogFields } from '../../../components/forms/dialog-fields';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/textarea';
import { ApiError } from '../../../lib/api';
import { errorMessages, parseError } from '../../../lib/errors';
import { canvasConflict, useImportCanvasSql } from '../api/canvases';
import { sqlFileProblem, syntaxErrorPosition, textOffset } from '../lib/sql-import';

export const IMPORT_SQL_EMPTY = 'Paste a SQL script, or open a .sql file.';

export type ImportSqlDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  canvasId: number;
  /** Whether the editor holds unsaved changes: they are saved before the import (decision 0053). */
  unsaved: boolean;
  /** Saves the unsaved changes, if any, and gives the version the import then builds on. */
  baseVersion(): Promise<number>;
  /** Puts the answered canvas into the editor. */
  onImported(answer: CanvasImportResponse): void;
  /** Loads the canvas as saved now into the editor (after a 409), keeping this dialog open. */
  onReload(): Promise<void>;
};

type Values = { sql: string; dialect: SqlDialect };

/** Moves the caret to a syntax error's line and column, and scrolls that line into view. */
const showAt = (area: HTMLTextAreaElement, message: string | undefined) => {
  area.focus();
  const at = message ? syntaxErrorPosition(message) : null;
  if (!at) return;
  const offset = textOffset(area.value, at.line, at.column);
  area.setSelectionRange(offset, offset);
  const lineHeight = Number.parseFloat(getComputedStyle(area).lineHeight) || 18;
  area.scrollTop = Math.max(0, (at.line - 3) * lineHeight);
};

/**
 * Import SQL (issue 29): a `pg_dump --schema-only` or `mysqldump --no-data`, pasted or opened from
 * a .sql file, becomes models and relations on this canvas. The server merges it into the saved
 * canvas and answers the new version, which the editor then shows.
 */
export const ImportSqlDialog = ({
  open,
  onOpenChange,
  canvasId,
  unsaved,
  baseVersion,
  onImported,
  onReload,
}: ImportSqlDialogProps) => {
  const importSql = useImportCanvasSql(canvasId);
  const [step, setStep] = useState<'idle' | 'saving' | 'importing' | 'reloading'>('idle');
  const busy = step !== 'idle';
  const [file, setFile] = useState<{ name: string; size: number } | null>(null);
  // The 409's message: someone saved the canvas after this editor loaded it.
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloaded, setReloaded] = useState(false);
  const form = useDialogFields<Values>({
    open,
    onOpenChange: (next) => {
      if (!next) {
        setFile(null);
        setConflict(null);
        setReloaded(false);
      }
      onOpenChange(next);
    },
    initial: { sql: '', dialect: 'postgresql' },
    busy,
    dirty: ({ sql }) => sql.trim() !== '',
  });
  const { sql, dialect } = form.values;
  const { errors } = form;
  const area = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const fileId = useId();

  const pick = async (picked: File | undefined) => {
    if (!picked) return;
    const problem = sqlFileProblem(picked);
    if (problem) {
      form.setErrors({ sql: problem });
      return;
    }
    try {
      form.field('sql')(await picked.text());
      setFile({ name: picked.name, size: picked.size });
      form.setErrors({});
      area.current?.focus();
    } catch {
      form.setErrors({ sql: `${picked.name} could not be read.` });
    }
  };

  const fail = (error: unknown) => {
    const found = canvasConflict(error);
    if (found) {
      setConflict(found.detail);
      return;
    }
    const parsed = error instanceof ApiError && error.status === 400 ? parseError(error) : null;
    if (!parsed) {
      // In the dialog, not a toast: the dialog is modal, and what failed is this import.
      form.setErrors({ form: errorMessages(error).join('\n') });
      return;
    }
    const { sql: atSql, dialect: atDialect, ...others } = Object.fromEntries(parsed.fields);
    const rest = [
      parsed.detail,
      parsed.nonField,
      ...Object.entries(others).map(([field, message]) => `${field}: ${message}`),
    ].filter(Boolean);
    form.setErrors({ sql: atSql, dialect: atDialect, form: rest.join('\n') || undefined });
    if (atSql && area.current) showAt(area.current, atSql);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem =
      sql.trim() === ''
        ? IMPORT_SQL_EMPTY
        : utf8ByteLength(sql) > CANVAS_IMPORT_LIMITS.sqlBytes
          ? CANVAS_IMPORT_MESSAGES.tooBig
          : null;
    if (problem) {
      form.setErrors({ sql: problem });
      area.current?.focus();
      return;
    }
    form.setErrors({});
    setConflict(null);
    setReloaded(false);
    setStep(unsaved ? 'saving' : 'importing');
    try {
      const version = await baseVersion();
      setStep('importing');
      const answer = await importSql.mutateAsync({ sql, dialect, version });
      form.release();
      onImported(answer);
      form.close(false);
    } catch (error) {
      fail(error);
    } finally {
      setStep('idle');
    }
  };

  const reload = async () => {
    setStep('reloading');
    try {
      await onReload();
      setConflict(null);
      setReloaded(true);
    } catch (error) {
      form.setErrors({ form: errorMessages(error).join('\n') });
    } finally {
      setStep('idle');
    }
  };

  return (
    <Dialog
      open={open}
      // While the script is on its way the dialog stays: its answer has to land somewhere.
      onOpenChange={(next) => (busy ? undefined : form.requestClose(next))}
      title="Import SQL"
      description="Each table becomes a model, each foreign key a relation. A model whose title is a table's name is updated; the rest of the canvas stays as it is."
      className="max-w-2xl"
      footer={
        <>
          <Button variant="secondary" disabled={busy} onClick={() => form.requestClose(false)}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="import-sql-form"
            loading={step === 'saving' || step === 'importing'}
            disabled={busy}
          >
            {step === 'saving'
              ? 'Saving…'
              : step === 'importing'
                ? 'Importing…'
                : unsaved
                  ? 'Save and import'
                  : 'Import'}
          </Button>
        </>
      }
    >
      <form
        id="import-sql-form"
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => void submit(event)}
      >
        {unsaved && (
          <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            This canvas has unsaved changes. They are saved first, then the script is imported into
            the saved canvas.
          </p>
        )}
        {conflict && (
          <div
            role="alert"
            className="flex flex-col items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
          >
            <p className="font-medium">{conflict}</p>
            <p>
              Nothing was imported. Reload the canvas to continue from their version
              {unsaved ? ' (your unsaved changes will be lost)' : ''}, then import again: your
              script stays here.
            </p>
            <Button
              size="sm"
              variant="secondary"
              loading={step === 'reloading'}
              disabled={busy}
              onClick={() => void reload()}
            >
              {step !== 'reloading' && <RotateCw aria-hidden />}
              Reload the canvas
            </Button>
          </div>
        )}
        {reloaded && (
          <p role="status" className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">
            The canvas was reloaded. Import again to add the script to it.
          </p>
        )}
        {errors.form && (
          <p role="alert" className="text-sm font-medium whitespace-pre-line text-red-600">
            {errors.form}
          </p>
        )}
        {/* The script first in the document: the dialog opens with focus in it. */}
        <Field
          label="SQL script"
          htmlFor="import-sql"
          error={errors.sql}
          hint={`CREATE TABLE statements and foreign keys are read; anything else is listed as skipped. At most ${formatFileSize(CANVAS_IMPORT_LIMITS.sqlBytes)} and ${CANVAS_IMPORT_LIMITS.tables} tables.`}
        >
          <Textarea
            ref={area}
            id="import-sql"
            rows={14}
            wrap="off"
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            invalid={Boolean(errors.sql)}
            readOnly={busy}
            placeholder={
              'CREATE TABLE customer (\n  id bigint PRIMARY KEY,\n  email text NOT NULL\n);'
            }
            className="max-h-[45vh] font-mono text-xs leading-5 whitespace-pre"
            value={sql}
            onChange={(event) => {
              form.field('sql')(event.target.value);
              if (errors.sql) form.setErrors({ ...errors, sql: undefined });
            }}
          />
        </Field>
        <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
          <div className="flex min-w-0 items-center gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={busy}
              aria-describedby={file ? fileId : undefined}
              onClick={() => picker.current?.click()}
            >
              <FileUp aria-hidden />
              Open a .sql file
            </Button>
            <input
              ref={picker}
              type="file"
              className="hidden"
              tabIndex={-1}
              aria-label="SQL file"
              accept=".sql,application/sql,text/plain"
              onChange={(event) => {
                void pick(event.target.files?.[0]);
                // Picking the same file again (after editing the text) reads it again.
                event.target.value = '';
              }}
            />
            {file && (
              <span id={fileId} className="truncate text-xs text-slate-500" title={file.name}>
                From <span className="font-medium text-slate-700">{file.name}</span> (
                {formatFileSize(file.size)})
              </span>
            )}
          </div>
          <fieldset
            className="flex items-center gap-3"
            aria-describedby={errors.dialect ? 'import-dialect-error' : undefined}
          >
            <legend className="float-left mr-1 text-sm font-medium text-slate-700">Dialect</legend>
            <div className="flex rounded-md border border-slate-300 bg-slate-50 p-0.5">
              {SQL_DIALECTS.map((each) => (
                <label
                  key={each}
                  className={cn(
                    'cursor-pointer rounded px-3 py-1 text-[13px] font-medium has-focus-visible:outline-2 has-focus-visible:outline-brand-500',
                    dialect === each
                      ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200'
                      : 'text-slate-600 hover:text-slate-900',
                  )}
                >
                  <input
                    type="radio"
                    name="import-dialect"
                    value={each}
                    checked={dialect === each}
                    disabled={busy}
                    onChange={() => form.field('dialect')(each)}
                    className="sr-only"
                  />
                  {SQL_DIALECT_LABELS[each]}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        {errors.dialect && (
          <p id="import-dialect-error" role="alert" className="text-xs font-medium text-red-600">
            {errors.dialect}
          </p>
        )}
      </form>
      {form.prompt}
    </Dialog>
  );
};
