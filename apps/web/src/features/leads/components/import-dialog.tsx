import { useId, useState } from 'react';
import { CircleAlert, CopyCheck, FileCheck2 } from 'lucide-react';
import {
  LEAD_IMPORT_MAX_BYTES,
  leadStatusBadge,
  type LeadImportResult,
} from '@portal/contract/leads';
import { formatFileSize } from '@portal/contract/format';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { DataTable } from '../../../components/ui/data-table';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { errorMessages } from '../../../lib/errors';
import { useImportLeads } from '../api/pipeline';

export type ImportDialogProps = { open: boolean; onOpenChange(open: boolean): void };

/** A refused file's own sentence ("The file is not UTF-8 text…"), else the usual messages. */
const problemWith = (error: unknown) => {
  if (error instanceof ApiError && error.status === 400) {
    const body = error.body as Record<string, unknown> | null;
    const file = body && Array.isArray(body.file) ? body.file : null;
    if (file?.length) return file.map(String);
  }
  return errorMessages(error);
};

/** Rows skipped as repeats: of a lead already there, or of an earlier row of the file. */
const skippedCount = (result: LeadImportResult) =>
  result.duplicates.length + result.duplicates_in_file.length;

/** Rows that are neither bad nor duplicates: what the import would create. */
const newLeadCount = (result: LeadImportResult) =>
  Math.max(0, result.rows - skippedCount(result) - new Set(result.errors.map((e) => e.row)).size);

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** What the dry run found: counts, then every bad row, the skipped ones, and the first rows. */
const Preview = ({ result }: { result: LeadImportResult }) => {
  const fresh = newLeadCount(result);
  const skipped = skippedCount(result);
  const badRows = new Set(result.errors.map((e) => e.row)).size;
  return (
    <div className="flex flex-col gap-4 text-sm">
      <p className="text-slate-700" aria-live="polite">
        {plural(result.rows, 'row')} read: {plural(fresh, 'new lead')}
        {skipped > 0 && `, ${plural(skipped, 'duplicate')} skipped`}
        {result.errors.length > 0 && `, ${plural(badRows, 'row')} with problems`}.
      </p>
      {result.errors.length > 0 && (
        <section
          aria-labelledby="import-errors"
          className="rounded-md bg-red-50 p-3 ring-1 ring-red-200 ring-inset"
        >
          <h3
            id="import-errors"
            className="mb-2 flex items-center gap-1.5 font-semibold text-red-800"
          >
            <CircleAlert aria-hidden className="size-4" />
            Fix these rows and choose the file again: nothing is imported while any row is wrong.
          </h3>
          <div className="max-h-48 overflow-y-auto">
            <DataTable
              aria-label="Problems"
              rows={result.errors}
              rowKey={(error, i) => `${error.row}-${error.field}-${i}`}
              columns={[
                {
                  header: 'Row',
                  headerClassName: 'w-16',
                  cellClassName: 'py-1.5',
                  cell: (error) => error.row,
                },
                {
                  header: 'Column',
                  headerClassName: 'w-32',
                  cellClassName: 'py-1.5 font-mono text-xs',
                  cell: (error) => error.field,
                },
                { header: 'Problem', cellClassName: 'py-1.5', cell: (error) => error.message },
              ]}
            />
          </div>
        </section>
      )}
      {result.duplicates.length > 0 && (
        <p className="flex items-start gap-1.5 text-slate-600">
          <CopyCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            Already leads, so skipped:{' '}
            {result.duplicates
              .slice(0, 20)
              .map((d) => `row ${d.row} (same ${d.reason} as lead #${d.lead})`)
              .join(', ')}
            {result.duplicates.length > 20 && ` and ${result.duplicates.length - 20} more`}.
          </span>
        </p>
      )}
      {result.duplicates_in_file.length > 0 && (
        <p className="flex items-start gap-1.5 text-slate-600">
          <CopyCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            Repeated in this file, so skipped:{' '}
            {result.duplicates_in_file
              .slice(0, 20)
              .map((d) => `row ${d.row} (same ${d.reason} as row ${d.same_as_row})`)
              .join(', ')}
            {result.duplicates_in_file.length > 20 &&
              ` and ${result.duplicates_in_file.length - 20} more`}
            .
          </span>
        </p>
      )}
      {result.preview.length > 0 && (
        <section aria-labelledby="import-preview">
          <h3 id="import-preview" className="mb-2 font-semibold text-slate-800">
            {result.preview.length < fresh
              ? `The first ${result.preview.length} new leads`
              : 'New leads'}
          </h3>
          <div className="max-h-64 overflow-auto rounded-md border border-slate-200">
            <DataTable
              aria-label="Import preview"
              rows={result.preview}
              rowKey={(row) => row.row}
              columns={[
                {
                  header: 'Row',
                  headerClassName: 'w-14',
                  cellClassName: 'py-1.5 text-slate-500',
                  cell: (row) => row.row,
                },
                {
                  header: 'Name',
                  cellClassName: 'py-1.5',
                  cell: (row) => (
                    <>
                      {row.first_name} {row.last_name}
                    </>
                  ),
                },
                { header: 'Email', cellClassName: 'py-1.5 break-all', cell: (row) => row.email },
                { header: 'Company', cellClassName: 'py-1.5', cell: (row) => row.company },
                {
                  header: 'Status',
                  cellClassName: 'py-1.5',
                  cell: (row) => {
                    const badge = leadStatusBadge(row.status);
                    return <Badge color={badge.color}>{badge.label}</Badge>;
                  },
                },
              ]}
            />
          </div>
        </section>
      )}
      <details className="text-slate-600">
        <summary className="cursor-pointer">How the columns were read</summary>
        <ul className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
          {result.columns.map((column, i) => (
            <li key={`${column.header}-${i}`}>
              “{column.header}” → <span className="font-mono">{column.field}</span>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
};

/**
 * "Import CSV": choosing a file runs a dry run whose answer is shown as a preview; "Import"
 * sends the same file for real. A file with any bad row cannot be imported (the server would
 * refuse it whole anyway).
 */
export const ImportDialog = ({ open, onOpenChange }: ImportDialogProps) => {
  const inputId = useId();
  const check = useImportLeads();
  const run = useImportLeads();
  const [file, setFile] = useState<File | null>(null);
  const result = check.data;
  const fresh = result ? newLeadCount(result) : 0;
  const canImport = !!file && !!result && result.errors.length === 0 && fresh > 0;

  const choose = (chosen: File | null) => {
    setFile(chosen);
    check.reset();
    run.reset();
    if (chosen) check.mutate({ file: chosen, dryRun: true });
  };

  const close = (next: boolean) => {
    if (run.isPending) return;
    if (!next) {
      setFile(null);
      check.reset();
      run.reset();
    }
    onOpenChange(next);
  };

  const onImport = () => {
    if (!file) return;
    run.mutate(
      { file, dryRun: false },
      {
        onSuccess: (answer) => {
          if (answer.errors.length > 0 || answer.created === 0) return;
          const skipped = skippedCount(answer);
          toast.success(
            `Imported ${plural(answer.created, 'lead')}` +
              (skipped ? `; ${plural(skipped, 'duplicate')} skipped` : ''),
          );
          close(false);
        },
      },
    );
  };

  const failure = check.error ?? run.error;
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Import leads from CSV"
      description={`A CSV file (UTF-8) of up to ${formatFileSize(LEAD_IMPORT_MAX_BYTES)} with a header row. Columns are matched by name (“First Name”, “E-mail”, …); others are kept as metadata.`}
      className="max-w-3xl"
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={run.isPending}>
            Cancel
          </Button>
          <Button onClick={onImport} disabled={!canImport} loading={run.isPending}>
            {canImport ? `Import ${plural(fresh, 'lead')}` : 'Import'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <div>
          <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
            CSV file
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
            className="block w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
          />
        </div>
        {check.isPending && <Spinner size="sm" label="Checking the file…" />}
        {failure && (
          <p
            role="alert"
            className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200 ring-inset"
          >
            {problemWith(failure).join(' ')}
          </p>
        )}
        {run.data && run.data.errors.length > 0 && (
          <p role="alert" className="text-sm text-red-800">
            The file changed since it was checked: nothing was imported.
          </p>
        )}
        {result && <Preview result={result} />}
        {file && result && result.errors.length === 0 && fresh === 0 && (
          <p className="flex items-center gap-1.5 text-sm text-slate-600">
            <FileCheck2 aria-hidden className="size-4" />
            Every row is already a lead: there is nothing to import.
          </p>
        )}
      </div>
    </Dialog>
  );
};
