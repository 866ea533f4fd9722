import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheck, Building2, CopyCheck, GitMerge } from 'lucide-react';
import { z } from 'zod';
import type { Lead, LeadDuplicate } from '@portal/contract/leads';
import { FormError } from '../../../components/layout/form-error';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { applyFormErrors, toastError } from '../../../lib/errors';
import { useConvertLead, useLeadDuplicates, useMergeLead } from '../api/pipeline';
import { leadName } from '../lib/format';

const REASONS: Record<LeadDuplicate['reason'], string> = {
  email: 'same email',
  phone: 'same phone',
};

/** "Possible duplicate of …" with a link to the other lead, and a merge into it. */
const DuplicateNotice = ({ lead, onMerged }: { lead: Lead; onMerged(): void }) => {
  const duplicates = useLeadDuplicates(lead.id);
  const merge = useMergeLead();
  const [target, setTarget] = useState<LeadDuplicate | null>(null);
  const others = duplicates.data ?? [];
  if (others.length === 0) return null;

  const onConfirm = () => {
    if (!target) return;
    merge.mutate(
      { id: lead.id, into: target.id },
      {
        onSuccess: () => {
          setTarget(null);
          toast.success(`Merged into ${leadName(target)}`);
          onMerged();
        },
        onError: (error) => {
          setTarget(null);
          toastError(error);
        },
      },
    );
  };

  return (
    <div
      role="note"
      className="rounded-md bg-amber-50 px-3.5 py-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset"
    >
      <ul className="flex flex-col gap-2">
        {others.map((other) => (
          <li key={other.id} className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
            <span className="min-w-0 flex-1 basis-64">
              <CopyCheck aria-hidden className="mr-1.5 inline size-4 align-[-3px]" />
              Possible duplicate of{' '}
              <Link
                to={`/leads?search=${encodeURIComponent(other.email)}`}
                className="font-medium underline underline-offset-2 hover:text-amber-950"
              >
                {leadName(other)}
              </Link>{' '}
              ({REASONS[other.reason]}
              {other.company ? `, ${other.company}` : ''})
            </span>
            <Button variant="secondary" size="sm" onClick={() => setTarget(other)}>
              <GitMerge aria-hidden />
              Merge into {leadName(other)}
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => (open ? undefined : setTarget(null))}
        title="Merge leads"
        message={
          target &&
          `Merge ${leadName(lead)} into ${leadName(target)}? Comments and metadata move there, ` +
            `its blank fields are filled from this lead, and this lead is deleted.`
        }
        confirmLabel="Merge"
        pending={merge.isPending}
        onConfirm={onConfirm}
      />
    </div>
  );
};

const convertFormSchema = z.object({
  client_name: z.string().trim().min(1, 'Enter a client name.').max(255),
  project_name: z.string().trim().min(1, 'Enter a project name.').max(255),
});
type ConvertForm = z.infer<typeof convertFormSchema>;
const CONVERT_FIELDS = ['client_name', 'project_name'] as const;

/** Names the client and project a lead becomes; the client's page opens once they exist. */
const ConvertDialog = ({
  lead,
  open,
  onOpenChange,
}: {
  lead: Lead;
  open: boolean;
  onOpenChange(open: boolean): void;
}) => {
  const convert = useConvertLead();
  const navigate = useNavigate();
  const clientName = lead.company.trim() || leadName(lead);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ConvertForm>({
    resolver: zodResolver(convertFormSchema),
    defaultValues: { client_name: clientName, project_name: clientName },
  });
  // Awaited rather than given to `mutate`: on success the cached lead turns converted, which
  // swaps this dialog for the "Converted to client" banner, and TanStack Query drops `mutate`'s
  // own callbacks once their component is gone (the toast and the move to the client never came).
  const onSubmit = handleSubmit(async (values) => {
    let result;
    try {
      result = await convert.mutateAsync({ id: lead.id, body: values });
    } catch (error) {
      applyFormErrors(error, setError, CONVERT_FIELDS);
      return;
    }
    toast.success(
      result.client_user.invited
        ? `${result.client.name} is a client; an invitation went to ${result.client_user.email}`
        : `${result.client.name} is a client; ${result.client_user.email} can follow it`,
    );
    void navigate(`/clients/${result.client.slug}`);
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (convert.isPending ? undefined : onOpenChange(next))}
      title="Convert to client"
      description={`Creates the client and its first project, invites ${lead.email} to follow it, and marks the lead Won.`}
      footer={
        <>
          <Button
            variant="secondary"
            onClick={() => onOpenChange(false)}
            disabled={convert.isPending}
          >
            Cancel
          </Button>
          <Button type="submit" form="convert-lead-form" loading={convert.isPending}>
            Convert
          </Button>
        </>
      }
    >
      <form id="convert-lead-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field
          label="Client name"
          htmlFor="convert-client-name"
          error={errors.client_name?.message}
        >
          <Input
            id="convert-client-name"
            invalid={!!errors.client_name}
            {...register('client_name')}
          />
        </Field>
        <Field
          label="Project name"
          htmlFor="convert-project-name"
          error={errors.project_name?.message}
        >
          <Input
            id="convert-project-name"
            invalid={!!errors.project_name}
            {...register('project_name')}
          />
        </Field>
        <FormError message={errors.root?.message} />
      </form>
    </Dialog>
  );
};

/** The conversion: where the lead went, or the button that converts it. */
const Conversion = ({ lead }: { lead: Lead }) => {
  const [converting, setConverting] = useState(false);
  const { converted_client: client, converted_project: project } = lead;
  if (client) {
    return (
      <p className="flex flex-wrap items-center gap-1.5 rounded-md bg-green-50 px-3.5 py-3 text-sm text-green-900 ring-1 ring-green-200 ring-inset">
        <BadgeCheck aria-hidden className="size-4" />
        Converted to client{' '}
        <Link to={`/clients/${client.slug}`} className="font-medium underline underline-offset-2">
          {client.name}
        </Link>
        {project && (
          <>
            {' '}
            with project{' '}
            <Link
              to={`/projects/${project.slug}`}
              className="font-medium underline underline-offset-2"
            >
              {project.name}
            </Link>
          </>
        )}
      </p>
    );
  }
  return (
    <div>
      <Button variant="secondary" onClick={() => setConverting(true)}>
        <Building2 aria-hidden />
        Convert to client
      </Button>
      {converting && <ConvertDialog lead={lead} open={converting} onOpenChange={setConverting} />}
    </div>
  );
};

/** The pipeline part of the lead drawer: duplicates (and merging), then the conversion. */
export const LeadPipeline = ({ lead, onMerged }: { lead: Lead; onMerged(): void }) => (
  <div className="flex flex-col gap-3">
    <DuplicateNotice lead={lead} onMerged={onMerged} />
    <Conversion lead={lead} />
  </div>
);
